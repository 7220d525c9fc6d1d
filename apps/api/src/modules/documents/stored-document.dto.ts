import type { StoredDocument } from '@inscrio/shared';
import type { DocumentRow } from './document-store';

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

/** A stored document as its maker follows it. */
export function toStoredDocument(row: DocumentRow): StoredDocument {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    fileName: row.fileName,
    status: row.status,
    progressDone: row.progressDone,
    progressTotal: row.progressTotal,
    byteSize: row.byteSize,
    version: row.version,
    publishedAt: iso(row.publishedAt),
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
  };
}
