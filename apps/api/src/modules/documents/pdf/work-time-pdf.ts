import type { Locale } from '@inscrio/shared';
import { COLOR } from './pdf-canvas';
import { type Column, PdfWriter, type Row } from './pdf-layout';

/*
 * A month of holders' work time for payroll (`GET /work-time/months/{month}/export.pdf`): one page (or
 * more when the month is long) per holder, their days, totals, allowance and the sign-off date.
 */

export interface WorkTimeSheet {
  holderName: string;
  status: string;
  /** 'Validé le 03/12/2026 par Marc Lambert', or the state when not validated. */
  signOff: string;
  rows: { day: string; sessions: string; corrections: string; total: string }[];
  totals: { label: string; value: string }[];
  warnings: string[];
}

export interface WorkTimeReport {
  organizationName: string;
  monthLabel: string;
  sheets: WorkTimeSheet[];
  printedAt: string;
}

const LABELS = {
  fr: {
    title: 'Heures prestées',
    columns: ['Jour', 'Séances', 'Corrections', 'Total du jour'],
    noDay: 'Aucune heure prestée ce mois.',
    empty: 'Aucun titulaire.',
    printed: (at: string) => `Imprimé le ${at}`,
    page: (page: number, total: number) => `Page ${page} / ${total}`,
  },
  en: {
    title: 'Hours worked',
    columns: ['Day', 'Sessions', 'Corrections', 'Day total'],
    noDay: 'No hours worked this month.',
    empty: 'No holder.',
    printed: (at: string) => `Printed on ${at}`,
    page: (page: number, total: number) => `Page ${page} / ${total}`,
  },
} as const;

class WorkTimeWriter extends PdfWriter {
  nextHolder() {
    this.newPage();
  }
}

/** Renders the month's report in `locale`, each holder starting on a new page. */
export async function renderWorkTimePdf(report: WorkTimeReport, locale: Locale): Promise<Buffer> {
  const t = LABELS[locale];
  const title = `${t.title} – ${report.monthLabel}`;
  const writer = new WorkTimeWriter(title, title);
  const columns: Column[] = [
    { header: t.columns[0], width: 95 },
    { header: t.columns[1], width: 215 },
    { header: t.columns[2], width: 120 },
    { header: t.columns[3], width: 85, align: 'right' },
  ];
  if (report.sheets.length === 0) {
    writer.paragraph(title, { font: 'bold', size: 16, color: COLOR.accent });
    writer.paragraph(t.empty);
  }
  report.sheets.forEach((sheet, index) => {
    if (index > 0) writer.nextHolder();
    writer.paragraph(title, { font: 'bold', size: 16, color: COLOR.accent });
    writer.paragraph(sheet.holderName, { font: 'bold', size: 13 });
    writer.paragraph(`${sheet.status} · ${sheet.signOff}`, { color: COLOR.muted });
    for (const warning of sheet.warnings) writer.paragraph(warning, { font: 'bold', color: COLOR.overdue });
    writer.gap(6);
    if (sheet.rows.length === 0) writer.paragraph(t.noDay);
    else {
      const rows: Row[] = sheet.rows.map((r) => ({ cells: [r.day, r.sessions, r.corrections, r.total] }));
      writer.table(columns, rows);
    }
    writer.gap(8);
    for (const total of sheet.totals) writer.paragraph(`${total.label} : ${total.value}`, { font: 'bold' });
  });
  return writer.finish(`${report.organizationName} · ${t.printed(report.printedAt)}`, t.page);
}
