import {
  type DocumentListItem,
  formatDate,
  localDay,
  type Locale,
  type StoredDocumentStatus,
} from '@inscrio/shared';
import type { ListedRow } from './library.repository';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

const TITLES = {
  fr: { invoice: 'Facture', creditNote: 'Note de crédit', order: (day: string) => `Commande du ${day}` },
  en: { invoice: 'Invoice', creditNote: 'Credit note', order: (day: string) => `Order of ${day}` },
} as const;

/** Where each kind of listed document is downloaded (`GET /api…`), and the file it is saved as. */
function fileOf(row: ListedRow, timeZone: string): { downloadPath: string; fileName: string } {
  const id = encodeURIComponent(row.id);
  switch (row.source) {
    case 'invoice':
      return { downloadPath: `/invoices/${id}/pdf`, fileName: `facture-${row.number}.pdf` };
    case 'credit-note':
      return { downloadPath: `/credit-notes/${id}/pdf`, fileName: `note-de-credit-${row.number}.pdf` };
    case 'order':
      return {
        downloadPath: `/orders/${id}/pdf`,
        fileName: `commande-${localDay(new Date(row.date), timeZone)}.pdf`,
      };
    default:
      return { downloadPath: `/documents/${id}/file`, fileName: row.file_name ?? `${row.id}.pdf` };
  }
}

/** One row of `GET /documents`, titled in the reader's language. */
export function toListItem(row: ListedRow, locale: Locale, timeZone: string): DocumentListItem {
  const titles = TITLES[locale];
  const title =
    row.source === 'invoice'
      ? `${titles.invoice} ${row.number}`
      : row.source === 'credit-note'
        ? `${titles.creditNote} ${row.number}`
        : row.source === 'order'
          ? titles.order(formatDate(new Date(row.date), timeZone, locale))
          : row.title;
  return {
    id: row.id,
    source: row.source,
    kind: row.kind,
    title,
    number: row.number,
    date: iso(row.date)!,
    status: row.status as StoredDocumentStatus,
    progressDone: row.progress_done,
    progressTotal: row.progress_total,
    byteSize: row.byte_size === null ? null : Number(row.byte_size),
    memberId: row.member_id,
    memberName: row.member_name,
    version: row.version,
    publishedAt: iso(row.published_at),
    failureReason: row.failure_reason,
    ...fileOf(row, timeZone),
  };
}
