import PDFDocument from 'pdfkit';
import { embedFonts } from '../documents/pdf/pdf-canvas';

/*
 * A report as a printable PDF table, written page by page: each finished page leaves the document as
 * bytes (`drain`) while the next rows are read, so a long report is never whole in memory (the billing
 * PDFs' canvas buffers its pages for « Page n / N »; a report prints « Page n » instead).
 */

export interface PdfColumn {
  title: string;
  /** Share of the width (the columns' weights are scaled to the page). */
  weight: number;
  align?: 'left' | 'right' | 'center';
  /** A box to tick on paper (the attendance sheet's « Présent »). */
  checkbox?: boolean;
}

const MARGIN = 36;
const ROW = 18;
const SHEET_ROW = 24;
const COLOR = { text: '#1e293b', muted: '#64748b', rule: '#cbd5e1', band: '#f1f5f9' };

export class ReportPdf {
  private readonly doc: PDFKit.PDFDocument;
  private readonly pending: Buffer[] = [];
  private readonly ended: Promise<void>;
  private readonly widths: number[];
  private y = MARGIN;
  private page = 1;
  private readonly rowHeight: number;
  private heading: string | null = null;

  constructor(
    private readonly title: string,
    private readonly subtitle: string,
    private readonly columns: PdfColumn[],
    options: { landscape: boolean; sheet?: boolean },
  ) {
    this.rowHeight = options.sheet ? SHEET_ROW : ROW;
    this.doc = new PDFDocument({
      size: 'A4',
      layout: options.landscape ? 'landscape' : 'portrait',
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
      info: { Title: title },
    });
    embedFonts(this.doc);
    this.doc.on('data', (chunk: Buffer) => this.pending.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve());
      this.doc.on('error', reject);
    });
    const total = columns.reduce((sum, column) => sum + column.weight, 0);
    this.widths = columns.map((column) => (column.weight / total) * this.contentWidth);
    this.top();
  }

  private get contentWidth() {
    return this.doc.page.width - 2 * MARGIN;
  }

  private get bottom() {
    return this.doc.page.height - MARGIN - 14;
  }

  private write(
    text: string,
    x: number,
    y: number,
    width: number,
    options: { bold?: boolean; size?: number; color?: string; align?: PdfColumn['align'] } = {},
  ) {
    this.doc
      .font(options.bold ? 'bold' : 'regular')
      .fontSize(options.size ?? 8)
      .fillColor(options.color ?? COLOR.text)
      .text(text, x, y, {
        width,
        height: this.rowHeight,
        lineBreak: false,
        ellipsis: true,
        align: options.align ?? 'left',
      });
  }

  /** The title block of the first page, or the running title of the next ones; then the column titles. */
  private top() {
    if (this.page === 1) {
      this.write(this.title, MARGIN, this.y, this.contentWidth, { bold: true, size: 14 });
      this.y += 20;
      this.write(this.subtitle, MARGIN, this.y, this.contentWidth, { color: COLOR.muted });
      this.y += 18;
    } else {
      this.write(`${this.title} (suite)`, MARGIN, this.y, this.contentWidth, { color: COLOR.muted });
      this.y += 16;
    }
    if (this.heading) this.headingLine(this.heading);
    this.columnTitles();
  }

  private footer() {
    this.write(`Page ${this.page}`, MARGIN, this.doc.page.height - MARGIN, this.contentWidth, {
      color: COLOR.muted,
      align: 'right',
    });
  }

  private newPage() {
    this.footer();
    this.doc.addPage();
    this.page++;
    this.y = MARGIN;
    this.top();
  }

  private headingLine(text: string) {
    this.write(text, MARGIN, this.y, this.contentWidth, { bold: true, size: 10 });
    this.y += 16;
  }

  private columnTitles() {
    this.doc.rect(MARGIN, this.y, this.contentWidth, ROW).fill(COLOR.band);
    let x = MARGIN;
    this.columns.forEach((column, i) => {
      this.write(column.title, x + 3, this.y + 5, this.widths[i]! - 6, { bold: true, align: column.align });
      x += this.widths[i]!;
    });
    this.y += ROW;
  }

  /**
   * Starts a section (a session of the attendance sheet): on a new page, unless this one has only its
   * titles so far.
   */
  section(heading: string) {
    this.heading = heading;
    if (this.page === 1 && this.y < MARGIN + 60) {
      this.headingLine(heading);
      this.columnTitles();
      return;
    }
    this.newPage();
  }

  row(cells: string[]) {
    if (this.y + this.rowHeight > this.bottom) this.newPage();
    let x = MARGIN;
    const textTop = this.y + (this.rowHeight - 8) / 2;
    this.columns.forEach((column, i) => {
      const width = this.widths[i]!;
      if (column.checkbox) {
        const size = 10;
        this.doc
          .lineWidth(0.8)
          .strokeColor(COLOR.muted)
          .rect(x + (width - size) / 2, this.y + (this.rowHeight - size) / 2, size, size)
          .stroke();
      } else {
        this.write(cells[i] ?? '', x + 3, textTop, width - 6, { align: column.align });
      }
      x += width;
    });
    this.y += this.rowHeight;
    this.doc
      .moveTo(MARGIN, this.y)
      .lineTo(MARGIN + this.contentWidth, this.y)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
  }

  /** A line of text across the table (an empty report says so). */
  note(text: string) {
    this.y += 6;
    this.write(text, MARGIN, this.y, this.contentWidth, { color: COLOR.muted });
    this.y += ROW;
  }

  /** The bytes written since the last call: finished pages, ready to be stored. */
  drain(): Buffer[] {
    return this.pending.splice(0, this.pending.length);
  }

  /** Ends the document; `drain` then gives its last bytes. */
  async end(): Promise<void> {
    this.footer();
    this.doc.end();
    await this.ended;
  }
}
