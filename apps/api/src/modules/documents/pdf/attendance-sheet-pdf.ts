import { type Locale } from '@inscrio/shared';
import { COLOR, CONTENT_BOTTOM, CONTENT_WIDTH, LEFT, PdfCanvas, SMALL } from './pdf-canvas';

/*
 * A session's printable attendance sheet (`GET /services/{id}/attendance-sheet.pdf`), for the days
 * without network: who comes, their age and a family phone, a box to tick and room for a note.
 */

export interface AttendanceSheet {
  organizationName: string;
  activityName: string;
  /** 'dd/MM/yyyy HH:mm' in the organisation's zone, and the session's length already worded. */
  start: string;
  duration: string;
  holders: string[];
  status: 'confirmed' | 'postponed' | 'cancelled';
  rows: { name: string; age: string; phone: string; absent: boolean }[];
  /** When it was printed, 'dd/MM/yyyy HH:mm'. */
  printedAt: string;
}

const LABELS = {
  fr: {
    title: 'Liste de présence',
    holders: 'Encadrant(s)',
    none: 'aucun',
    duration: 'Durée',
    count: (n: number) => (n === 1 ? '1 participant' : `${n} participants`),
    empty: 'Aucun participant confirmé pour cette séance.',
    columns: ['Nom', 'Âge', 'Téléphone de la famille', 'Présent', 'Remarques'],
    absent: 'absent(e) signalé(e)',
    status: { confirmed: '', postponed: 'Séance reportée', cancelled: 'Séance annulée' },
    printed: (at: string) => `Imprimée le ${at}`,
    page: (page: number, total: number) => `Page ${page} / ${total}`,
  },
  en: {
    title: 'Attendance sheet',
    holders: 'Holder(s)',
    none: 'none',
    duration: 'Duration',
    count: (n: number) => (n === 1 ? '1 participant' : `${n} participants`),
    empty: 'No confirmed participant for this session.',
    columns: ['Name', 'Age', 'Family phone', 'Present', 'Notes'],
    absent: 'reported absent',
    status: { confirmed: '', postponed: 'Session postponed', cancelled: 'Session cancelled' },
    printed: (at: string) => `Printed on ${at}`,
    page: (page: number, total: number) => `Page ${page} / ${total}`,
  },
} as const;

/** Column widths (points): name, age, phone, box, notes: the notes take what is left. */
const WIDTHS = [150, 55, 105, 45];
const ROW = 26;

class SheetCanvas extends PdfCanvas {
  /** The columns' titles, drawn again at the top of each continuation page. */
  private titles: string[] | null = null;

  /** A table row: its cells, a box to tick in the fourth column, lines under it; as tall as its text. */
  row(cells: string[], header: boolean) {
    const widths = [...WIDTHS, CONTENT_WIDTH - WIDTHS.reduce((a, b) => a + b, 0)];
    const style = header ? { font: 'bold' as const, size: SMALL } : {};
    const height = Math.max(
      ROW,
      ...cells.map((cell, i) => (i === 3 ? 0 : this.heightOf(cell, widths[i]! - 8, style) + 14)),
    );
    if (header) {
      this.titles = cells;
    } else if (this.y + height > CONTENT_BOTTOM) {
      this.newPage();
      if (this.titles) this.row(this.titles, true);
    }
    this.ensureSpace(height);
    if (header) this.doc.rect(LEFT, this.y, CONTENT_WIDTH, height).fill(COLOR.band);
    let x = LEFT;
    widths.forEach((width, i) => {
      if (i === 3 && !header) {
        const size = 12;
        this.doc
          .rect(x + (width - size) / 2, this.y + (height - size) / 2, size, size)
          .lineWidth(0.8)
          .strokeColor(COLOR.text)
          .stroke();
      } else {
        this.text(cells[i] ?? '', x + 4, this.y + 8, width - 8, style);
      }
      x += width;
    });
    this.doc
      .moveTo(LEFT, this.y + height)
      .lineTo(LEFT + CONTENT_WIDTH, this.y + height)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    this.y += height;
  }
}

/** Renders the attendance sheet in `locale`. */
export async function renderAttendanceSheetPdf(sheet: AttendanceSheet, locale: Locale): Promise<Buffer> {
  const t = LABELS[locale];
  const canvas = new SheetCanvas(
    `${t.title} – ${sheet.activityName} – ${sheet.start}`,
    `${t.title} – ${sheet.activityName} – ${sheet.start}`,
  );
  canvas.paragraph(t.title, { font: 'bold', size: 16, color: COLOR.accent });
  canvas.paragraph(`${sheet.activityName} – ${sheet.start}`, { font: 'bold', size: 12 });
  const status = t.status[sheet.status];
  if (status) canvas.paragraph(status, { font: 'bold', color: COLOR.overdue });
  canvas.paragraph(
    `${t.duration} : ${sheet.duration} · ${t.holders} : ${sheet.holders.join(', ') || t.none} · ${t.count(sheet.rows.length)}`,
    { color: COLOR.muted },
  );
  canvas.gap(6);
  if (sheet.rows.length === 0) {
    canvas.paragraph(t.empty);
  } else {
    canvas.row([...t.columns], true);
    for (const row of sheet.rows) {
      canvas.row([row.name, row.age, row.phone, '', row.absent ? t.absent : ''], false);
    }
  }
  return canvas.finish(`${sheet.organizationName} · ${t.printed(sheet.printedAt)}`, t.page);
}
