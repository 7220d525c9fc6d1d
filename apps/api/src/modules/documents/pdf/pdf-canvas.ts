import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/*
 * The A4 page of the billing PDFs and its vertical cursor: geometry, fonts, text that fits its box,
 * page breaks with a running title, the footer of every page. The blocks drawn on it are pdf-layout.ts's.
 */

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
export const TOP = 45;
const FOOTER_TOP = PAGE_HEIGHT - 42;
/** Lowest y the content may reach, above the footer. */
export const CONTENT_BOTTOM = FOOTER_TOP - 12;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
export const LEFT = MARGIN;
export const RIGHT = PAGE_WIDTH - MARGIN;

export const COLOR = {
  text: '#1e293b',
  muted: '#64748b',
  rule: '#cbd5e1',
  band: '#f1f5f9',
  accent: '#0f4c81',
  paid: '#15803d',
  cancelled: '#64748b',
  overdue: '#b91c1c',
};
/*
 * DejaVu Sans Condensed (npm `dejavu-fonts-ttf`), embedded as the subset of glyphs each PDF uses: every
 * Latin, Greek and Cyrillic letter prints as written (« Łukasz Wójcik », « Zoë », « Ağca »), which the
 * standard PDF fonts (Windows-1252 only) could not; condensed, it sets about as wide as Helvetica did.
 */
const FONT_FILES = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  italic: 'DejaVuSansCondensed-Oblique.ttf',
};
type FontName = keyof typeof FONT_FILES;
let fontData: Record<FontName, Buffer> | undefined;
/** The font files, read once per process. */
function fonts(): Record<FontName, Buffer> {
  if (!fontData) {
    const require = createRequire(import.meta.url);
    const read = (file: string) => fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    fontData = {
      regular: read(FONT_FILES.regular),
      bold: read(FONT_FILES.bold),
      italic: read(FONT_FILES.italic),
    };
  }
  return fontData;
}

/** Registers the embedded fonts on a pdfkit document as `regular`, `bold` and `italic` (every PDF of the product). */
export function embedFonts(doc: PDFKit.PDFDocument): PDFKit.PDFDocument {
  for (const [name, data] of Object.entries(fonts())) doc.registerFont(name, data);
  return doc.font('regular');
}
const BODY = 9.5;
export const SMALL = 8;

export interface TextStyle {
  font?: FontName;
  size?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

/** DejaVu Sans's ascent (1901/2048 of the size): from a line's top to its baseline. */
const ASCENT = 1901 / 2048;
/** An amount or a rate as printed: « 1 000 000,00 € », « -45,00 € », « €1,000.00 », « 21 % ». */
const AMOUNT = /^[-−]?€?\d[\d\u00a0.,]*(\u00a0?[€%])?$/;

/**
 * Text that must stay on one line (an amount: « 1 000 000,00 € », a rate: « 21 % »): its spaces become
 * no-break spaces (U+00A0), so a line never ends inside it.
 */
export function unbreakable(text: string): string {
  return text.replace(/ /g, '\u00a0');
}

/** Spaces of any width as plain spaces: the amounts' narrow no-break spaces print as the others do. */
const plainSpaces = (text: string) => text.replace(/[\u2000-\u200a\u202f\u205f\u3000]/g, ' ');

export class PdfCanvas {
  protected readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<Buffer>;
  /** The vertical cursor: where the next block starts. */
  y = TOP;

  /**
   * `runningTitle` heads the continuation pages ('Facture N° 2026-000123 (suite)'); `createdAt`, when
   * given, is the file's creation date (else the time it is drawn), so a document drawn again is the same.
   */
  constructor(
    title: string,
    private readonly runningTitle: string,
    createdAt?: Date,
  ) {
    // No bottom margin for pdfkit: page breaks are decided here (CONTENT_BOTTOM), and the footer is
    // written below the content area without pdfkit starting a page of its own.
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: TOP, left: MARGIN, right: MARGIN, bottom: 0 },
      bufferPages: true,
      info: { Title: title, ...(createdAt ? { CreationDate: createdAt } : {}) },
    });
    embedFonts(this.doc);
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  protected style({ font = 'regular', size = BODY, color = COLOR.text }: TextStyle): void {
    this.doc.font(font).fontSize(size).fillColor(color);
  }

  /**
   * The style `text` is set in within `width`: its own, or a smaller size when the text is an amount or a
   * rate (see `unbreakable`) wider than the box, so it is never cut in the middle.
   */
  private fitted(text: string, width: number, style: TextStyle): TextStyle {
    if (!AMOUNT.test(text)) return style;
    this.style(style);
    const natural = this.doc.widthOfString(plainSpaces(text));
    if (natural <= width) return style;
    return { ...style, size: Math.floor(((style.size ?? BODY) * width * 10) / natural) / 10 };
  }

  heightOf(text: string, width: number, style: TextStyle = {}): number {
    this.style(this.fitted(text, width, style));
    return this.doc.heightOfString(plainSpaces(text), { width });
  }

  /** Writes text in a box `width` wide and returns the height it took. */
  text(text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    const fitted = this.fitted(text, width, style);
    const height = this.heightOf(text, width, style);
    this.style(fitted);
    // Set smaller to fit: lowered so that it stands on the baseline it had at its own size.
    const shrunk = (style.size ?? BODY) - (fitted.size ?? BODY);
    this.doc.text(plainSpaces(text), x, y + shrunk * ASCENT, { width, align: style.align ?? 'left' });
    return height;
  }

  /** Starts a new page when `height` does not fit under the cursor. */
  ensureSpace(height: number): void {
    if (this.y + height > CONTENT_BOTTOM) this.newPage();
  }

  protected newPage(): void {
    this.doc.addPage();
    this.y = TOP;
    this.text(this.runningTitle, LEFT, this.y, CONTENT_WIDTH, { size: SMALL, color: COLOR.muted });
    this.y += 22;
  }

  gap(height: number): void {
    this.y += height;
  }

  /** Two blocks side by side from the cursor (VAT summary | totals); the cursor ends below the taller. */
  sideBySide(height: number, left: () => void, right: () => void): void {
    this.ensureSpace(height);
    const top = this.y;
    left();
    const leftBottom = this.y;
    this.y = top;
    right();
    this.y = Math.max(this.y, leftBottom) + 18;
  }

  /** A paragraph across the content width. */
  paragraph(text: string, style: TextStyle = {}): void {
    const height = this.heightOf(text, CONTENT_WIDTH, style);
    this.ensureSpace(height);
    this.y += this.text(text, LEFT, this.y, CONTENT_WIDTH, style) + 8;
  }

  /** Writes the footer of every page (identification left, 'Page n / N' right) and returns the file. */
  finish(footer: string, pageLabel: (page: number, total: number) => string): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      this.doc
        .moveTo(LEFT, FOOTER_TOP)
        .lineTo(RIGHT, FOOTER_TOP)
        .lineWidth(0.5)
        .strokeColor(COLOR.rule)
        .stroke();
      this.text(footer, LEFT, FOOTER_TOP + 7, CONTENT_WIDTH - 80, { size: 7, color: COLOR.muted });
      this.text(pageLabel(i - start + 1, count), RIGHT - 80, FOOTER_TOP + 7, 80, {
        size: 7,
        color: COLOR.muted,
        align: 'right',
      });
    }
    this.doc.end();
    return this.ended;
  }
}
