import { formatMoney, type Locale, type ReportKind } from '@inscrio/shared';
import type { CsvValue } from '../../lib/csv';
import type { PdfColumn } from './report-pdf';
import { reportHeader } from './reports.rules';

/** How a report is laid out on paper: its columns' widths, and how its cells print. */
export interface PdfLayout {
  columns: PdfColumn[];
  options: { landscape: boolean; sheet?: boolean };
  subtitle: (rows: number) => string;
  empty: string;
  /** The printed cells of a row, from the same cells as the CSV's. */
  cells: (cells: CsvValue[]) => string[];
}

const WEIGHTS: Record<ReportKind, number[]> = {
  'report.orders': [11, 12, 14, 9, 8, 8, 8, 8, 8, 10, 12, 14],
  'report.planning-activities': [9, 6, 20, 7, 9, 20, 7, 7, 7, 8],
  // The attendance sheet: the date, time and activity head each session's section, not each row.
  'report.members-list': [0, 0, 0, 22, 20, 8, 18, 11, 9],
};

const RIGHT_ALIGNED: Record<ReportKind, number[]> = {
  'report.orders': [5, 6, 7, 8],
  'report.planning-activities': [6, 7, 8, 9],
  'report.members-list': [5],
};

const TEXTS = {
  fr: {
    rows: (n: number) => (n === 1 ? '1 ligne' : `${n} lignes`),
    empty: 'Aucune donnée pour cette période.',
  },
  en: {
    rows: (n: number) => (n === 1 ? '1 row' : `${n} rows`),
    empty: 'No data for this period.',
  },
} as const;

export function reportPdfLayout(kind: ReportKind, locale: Locale): PdfLayout {
  const header = reportHeader(kind, locale);
  const kept = header.map((_, i) => i).filter((i) => WEIGHTS[kind][i]! > 0);
  const sheet = kind === 'report.members-list';
  return {
    columns: kept.map((i) => ({
      title: header[i]!,
      weight: WEIGHTS[kind][i]!,
      align: RIGHT_ALIGNED[kind].includes(i) ? 'right' : 'left',
      checkbox: sheet && i === header.length - 1,
    })),
    options: { landscape: !sheet, sheet },
    subtitle: TEXTS[locale].rows,
    empty: TEXTS[locale].empty,
    cells: (cells) =>
      kept.map((i) => {
        const cell = cells[i];
        if (cell === null || cell === undefined) return '';
        if (typeof cell === 'object') return formatMoney(cell.cents, locale);
        return String(cell);
      }),
  };
}
