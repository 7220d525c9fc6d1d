import QRCode from 'qrcode';
import { detectImageType } from '../../../lib/image-type';
import {
  COLOR,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  LEFT,
  PdfCanvas,
  RIGHT,
  SMALL,
  TOP,
  type TextStyle,
} from './pdf-canvas';

export { CONTENT_WIDTH } from './pdf-canvas';
export { unbreakable } from './pdf-canvas';

/*
 * The blocks the billing PDFs are made of (header, parties, information band, table, totals, transfer
 * box), drawn on the page of pdf-canvas.ts. Every block checks that it fits before drawing and moves to a
 * new page otherwise, so nothing is ever cut at a page end.
 */

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** A table row; `details` are smaller grey lines under the first cell (a date, supplements, a status). */
export interface Row {
  cells: string[];
  details?: string[];
}

export interface TotalRow {
  label: string;
  value: string;
  weight?: 'bold' | 'final';
}

export interface LabelledValue {
  label: string;
  value: string;
}

export type Badge = { text: string; tone: 'paid' | 'cancelled' | 'overdue' };

const CELL_X = 6;
const CELL_Y = 5;

export class PdfWriter extends PdfCanvas {
  /**
   * The first page's head: the logo (PNG or JPEG; other formats cannot be embedded, the seller's name
   * replaces them) on the left; the title, the number and an optional status badge on the right.
   */
  header(input: {
    title: string;
    number: string;
    logo: Buffer | null;
    sellerName: string;
    badge: Badge | null;
  }) {
    let left = TOP;
    if (this.logo(input.logo)) {
      left += 60;
    } else {
      left +=
        4 + this.text(input.sellerName, LEFT, TOP + 4, 240, { font: 'bold', size: 15, color: COLOR.accent });
    }
    const width = 250;
    const x = RIGHT - width;
    let right = TOP;
    right += this.text(input.title, x, right, width, {
      font: 'bold',
      size: 22,
      color: COLOR.accent,
      align: 'right',
    });
    right += 2 + this.text(input.number, x, right + 2, width, { font: 'bold', size: 11, align: 'right' });
    if (input.badge) right += this.badge(input.badge, right + 6);
    this.y = Math.max(left, right) + 28;
  }

  /** Draws the logo when it can; a damaged or unsupported file must not stop a document from rendering. */
  private logo(logo: Buffer | null): boolean {
    const type = logo ? detectImageType(logo) : undefined;
    if (!logo || (type !== 'image/png' && type !== 'image/jpeg')) return false;
    try {
      this.doc.image(logo, LEFT, TOP, { fit: [170, 60] });
      return true;
    } catch {
      return false;
    }
  }

  /** Draws the status pill and returns the height it took. */
  private badge(badge: Badge, y: number): number {
    const text = badge.text;
    this.style({ font: 'bold', size: SMALL });
    const width = this.doc.widthOfString(text) + 16;
    this.doc.roundedRect(RIGHT - width, y, width, 17, 8.5).fill(COLOR[badge.tone]);
    this.text(badge.text, RIGHT - width, y + 5, width, {
      font: 'bold',
      size: SMALL,
      color: '#ffffff',
      align: 'center',
    });
    return 6 + 17;
  }

  /** Seller on the left, buyer on the right in a tinted box; the first line of each in bold. */
  parties(left: { heading: string; lines: string[] }, right: { heading: string; lines: string[] }): void {
    const width = (CONTENT_WIDTH - 30) / 2;
    const pad = 12;
    const block = (lines: string[], x: number, y: number, w: number, draw: boolean) =>
      lines.reduce((top, line, i) => {
        const style: TextStyle = i === 0 ? { font: 'bold', size: 10.5 } : {};
        return (
          top + (draw ? this.text(line, x, top, w, style) : this.heightOf(line, w, style)) + (i === 0 ? 2 : 0)
        );
      }, y);
    const headingHeight = 14;
    const rightHeight = block(right.lines, 0, 0, width - 2 * pad, false) + headingHeight + 2 * pad;
    const leftHeight = block(left.lines, 0, 0, width, false) + headingHeight + pad;
    const height = Math.max(rightHeight, leftHeight);
    this.ensureSpace(height);

    const y = this.y;
    this.text(left.heading.toUpperCase(), LEFT, y + pad, width, {
      font: 'bold',
      size: 7.5,
      color: COLOR.muted,
    });
    block(left.lines, LEFT, y + pad + headingHeight, width, true);

    const x = RIGHT - width;
    this.doc.roundedRect(x, y, width, height, 6).fill(COLOR.band);
    this.text(right.heading.toUpperCase(), x + pad, y + pad, width - 2 * pad, {
      font: 'bold',
      size: 7.5,
      color: COLOR.muted,
    });
    block(right.lines, x + pad, y + pad + headingHeight, width - 2 * pad, true);
    this.y = y + height + 18;
  }

  /** A row of labelled values across the page (dates, status, the corrected invoice). */
  infoBand(items: LabelledValue[]): void {
    const width = CONTENT_WIDTH / items.length;
    const inner = width - 2 * 10;
    const height =
      Math.max(...items.map((item) => this.heightOf(item.value, inner, { font: 'bold' }))) +
      SMALL +
      4 +
      2 * 9;
    this.ensureSpace(height);
    this.doc.moveTo(LEFT, this.y).lineTo(RIGHT, this.y).lineWidth(0.8).strokeColor(COLOR.rule).stroke();
    items.forEach((item, i) => {
      const x = LEFT + i * width + (i === 0 ? 0 : 10);
      this.text(item.label, x, this.y + 9, inner, { size: SMALL, color: COLOR.muted });
      this.text(item.value, x, this.y + 9 + SMALL + 4, inner, { font: 'bold' });
    });
    this.y += height;
    this.doc.moveTo(LEFT, this.y).lineTo(RIGHT, this.y).lineWidth(0.8).strokeColor(COLOR.rule).stroke();
    this.y += 18;
  }

  /**
   * A table from the left margin whose rows wrap their text; a row that does not fit starts a new page,
   * where the header row is drawn again.
   */
  table(columns: Column[], rows: Row[]): void {
    const x = LEFT;
    const width = columns.reduce((sum, column) => sum + column.width, 0);
    const header = () => {
      const height =
        Math.max(
          ...columns.map((c) => this.heightOf(c.header, c.width - 2 * CELL_X, { font: 'bold', size: SMALL })),
        ) +
        2 * CELL_Y;
      this.ensureSpace(height + 24);
      this.doc.rect(x, this.y, width, height).fill(COLOR.band);
      this.cells(
        columns,
        columns.map((c) => c.header),
        x,
        { font: 'bold', size: SMALL, color: COLOR.muted },
      );
      this.y += height;
    };
    header();
    for (const row of rows) {
      const first = columns[0]!;
      const detailHeight = (row.details ?? []).reduce(
        (sum, detail) =>
          sum + 1 + this.heightOf(detail, first.width - 2 * CELL_X, { size: SMALL, color: COLOR.muted }),
        0,
      );
      const height =
        Math.max(
          ...columns.map(
            (c, i) => this.heightOf(row.cells[i] ?? '', c.width - 2 * CELL_X) + (i === 0 ? detailHeight : 0),
          ),
        ) +
        2 * CELL_Y;
      if (this.y + height > CONTENT_BOTTOM) {
        this.newPage();
        header();
      }
      this.cells(columns, row.cells, x);
      let detailY = this.y + CELL_Y + this.heightOf(row.cells[0] ?? '', first.width - 2 * CELL_X);
      for (const detail of row.details ?? []) {
        detailY +=
          1 +
          this.text(detail, x + CELL_X, detailY + 1, first.width - 2 * CELL_X, {
            size: SMALL,
            color: COLOR.muted,
          });
      }
      this.y += height;
      this.doc
        .moveTo(x, this.y)
        .lineTo(x + width, this.y)
        .lineWidth(0.5)
        .strokeColor(COLOR.rule)
        .stroke();
    }
  }

  private cells(columns: Column[], values: string[], x: number, style: TextStyle = {}): void {
    let left = x;
    columns.forEach((column, i) => {
      this.text(values[i] ?? '', left + CELL_X, this.y + CELL_Y, column.width - 2 * CELL_X, {
        ...style,
        align: column.align ?? 'left',
      });
      left += column.width;
    });
  }

  /** Label–amount rows aligned right; bold rows for the totals, the last figure (what is due) on a band. */
  totals(rows: TotalRow[], width: number): void {
    const x = RIGHT - width;
    const valueWidth = 76;
    const labelWidth = width - valueWidth - 2 * CELL_X;
    for (const row of rows) {
      const style: TextStyle =
        row.weight === 'final' ? { font: 'bold', size: 10.5 } : row.weight === 'bold' ? { font: 'bold' } : {};
      const height = Math.max(
        this.heightOf(row.label, labelWidth, style),
        this.heightOf(row.value, valueWidth, style),
      );
      const pad = row.weight === 'final' ? 7 : 4;
      if (row.weight === 'final') this.doc.rect(x, this.y, width, height + 2 * pad).fill(COLOR.band);
      this.text(row.label, x + CELL_X, this.y + pad, labelWidth, style);
      this.text(row.value, RIGHT - CELL_X - valueWidth, this.y + pad, valueWidth, {
        ...style,
        align: 'right',
      });
      this.y += height + 2 * pad;
    }
  }

  /** The transfer box: a title, labelled values on the left, the EPC QR code and its hint on the right. */
  transferBox(input: {
    title: string;
    subtitle: string | null;
    rows: LabelledValue[];
    qrPayload: string;
    qrHint: string;
  }) {
    const pad = 14;
    const qrSize = 112;
    const labelWidth = 130;
    const valueWidth = CONTENT_WIDTH - 2 * pad - qrSize - 20 - labelWidth;
    const rowsHeight = input.rows.reduce(
      (sum, row) => sum + 6 + this.heightOf(row.value, valueWidth, { font: 'bold', size: 10 }),
      0,
    );
    const textHeight = 18 + (input.subtitle ? 16 : 0) + rowsHeight;
    const qrHeight = qrSize + 4 + this.heightOf(input.qrHint, qrSize, { size: 7 });
    const height = Math.max(textHeight, qrHeight) + 2 * pad;
    this.ensureSpace(height);

    const top = this.y;
    this.doc.roundedRect(LEFT, top, CONTENT_WIDTH, height, 6).lineWidth(1).strokeColor(COLOR.accent).stroke();
    let y = top + pad;
    y +=
      4 +
      this.text(input.title, LEFT + pad, y, labelWidth + valueWidth, {
        font: 'bold',
        size: 11,
        color: COLOR.accent,
      });
    if (input.subtitle)
      y += 4 + this.text(input.subtitle, LEFT + pad, y, labelWidth + valueWidth, { color: COLOR.muted });
    for (const row of input.rows) {
      this.text(row.label, LEFT + pad, y, labelWidth, { size: 10, color: COLOR.muted });
      y += 6 + this.text(row.value, LEFT + pad + labelWidth, y, valueWidth, { font: 'bold', size: 10 });
    }
    const qrX = RIGHT - pad - qrSize;
    this.qr(input.qrPayload, qrX, top + pad, qrSize);
    this.text(input.qrHint, qrX, top + pad + qrSize + 4, qrSize, {
      size: 7,
      color: COLOR.muted,
      align: 'center',
    });
    this.y = top + height + 18;
  }

  /** The QR code as vector squares (error correction M, 4-module quiet zone), sharp at any zoom. */
  private qr(payload: string, x: number, y: number, size: number): void {
    const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
    const quiet = 4;
    const cell = size / (modules.size + 2 * quiet);
    this.doc.rect(x, y, size, size).fill('#ffffff');
    for (let row = 0; row < modules.size; row++) {
      let col = 0;
      while (col < modules.size) {
        if (!modules.get(row, col)) {
          col++;
          continue;
        }
        const start = col;
        while (col < modules.size && modules.get(row, col)) col++;
        this.doc.rect(x + (quiet + start) * cell, y + (quiet + row) * cell, (col - start) * cell, cell);
      }
    }
    this.doc.fill('#000000');
  }
}
