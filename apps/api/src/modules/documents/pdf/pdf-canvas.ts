import PDFDocument from 'pdfkit';
import { toWinAnsi } from './win-ansi';

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
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };
const BODY = 9.5;
export const SMALL = 8;

export interface TextStyle {
  font?: keyof typeof FONT;
  size?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

/** The standard fonts' ascent (Helvetica's, 718/1000 of the size): from a line's top to its baseline. */
const ASCENT = 0.718;
/** An amount or a rate as printed: « 1 000 000,00 € », « -45,00 € », « €1,000.00 », « 21 % ». */
const AMOUNT = /^[-−]?€?\d[\d\u00a0.,]*(\u00a0?[€%])?$/;

export class PdfCanvas {
  protected readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<Buffer>;
  /** The vertical cursor: where the next block starts. */
  y = TOP;

  /**
   * `runningTitle` heads the continuation pages ('Facture N° 2026-000123 (suite)'). `creationDate`, when
   * given, is written instead of the current time (it also seeds the file's id), so a document rendered
   * again from the same facts is the same file, byte for byte.
   */
  constructor(
    title: string,
    private readonly runningTitle: string,
    creationDate?: Date,
  ) {
    // No bottom margin for pdfkit: page breaks are decided here (CONTENT_BOTTOM), and the footer is
    // written below the content area without pdfkit starting a page of its own.
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: TOP, left: MARGIN, right: MARGIN, bottom: 0 },
      bufferPages: true,
      info: { Title: toWinAnsi(title), ...(creationDate ? { CreationDate: creationDate } : {}) },
    });
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  protected style({ font = 'regular', size = BODY, color = COLOR.text }: TextStyle): void {
    this.doc.font(FONT[font]).fontSize(size).fillColor(color);
  }

  /**
   * The style `text` is set in within `width`: its own, or a smaller size when the text is an amount or a
   * rate (see `unbreakable`) wider than the box, so it is never cut in the middle.
   */
  private fitted(text: string, width: number, style: TextStyle): TextStyle {
    if (!AMOUNT.test(text)) return style;
    this.style(style);
    const natural = this.doc.widthOfString(toWinAnsi(text));
    if (natural <= width) return style;
    return { ...style, size: Math.floor(((style.size ?? BODY) * width * 10) / natural) / 10 };
  }

  heightOf(text: string, width: number, style: TextStyle = {}): number {
    this.style(this.fitted(text, width, style));
    return this.doc.heightOfString(toWinAnsi(text), { width });
  }

  /** Writes text in a box `width` wide and returns the height it took. */
  text(text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    const fitted = this.fitted(text, width, style);
    const height = this.heightOf(text, width, style);
    this.style(fitted);
    // Set smaller to fit: lowered so that it stands on the baseline it had at its own size.
    const shrunk = (style.size ?? BODY) - (fitted.size ?? BODY);
    this.doc.text(toWinAnsi(text), x, y + shrunk * ASCENT, { width, align: style.align ?? 'left' });
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
