import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';

export type NumberedDocument = 'invoice' | 'credit-note';

/**
 * The next number of a document kind for an organisation and year, taken inside the caller's
 * transaction: the sequence row stays locked until it commits, so concurrent documents wait for each
 * other and get consecutive numbers, and a transaction that rolls back gives its number back with it.
 * Gapless and unique (domain brief §6: "unique sequential number with no gaps").
 */
export async function nextDocumentNumber(
  tx: Executor,
  organizationId: string,
  kind: NumberedDocument,
  year: number,
): Promise<string> {
  const result = await tx.execute(sql`
    insert into document_sequences (organization_id, kind, year, last_number)
    values (${organizationId}, ${kind}, ${year}, 1)
    on conflict (organization_id, kind, year)
    do update set last_number = document_sequences.last_number + 1
    returning last_number`);
  const n = rowsOf<{ last_number: number }>(result)[0]!.last_number;
  return formatDocumentNumber(kind, year, n);
}

/** `2026-000123` for invoices, `NC-2026-000012` for credit notes (notes de crédit). */
export function formatDocumentNumber(kind: NumberedDocument, year: number, n: number): string {
  const base = `${year}-${String(n).padStart(6, '0')}`;
  return kind === 'invoice' ? base : `NC-${base}`;
}
