import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';

export type NumberedDocument = 'invoice' | 'credit-note';

/**
 * The next number of a document kind for an organisation and year (`2026-000123`, `NC-2026-000012`),
 * taken inside the caller's transaction by the SQL function `next_document_number` (migration 0008):
 * the counter row stays locked until the transaction commits, so concurrent documents wait for each
 * other and get consecutive numbers, and a transaction that rolls back gives its number back with it.
 * Gapless and unique (domain brief §6: "unique sequential number with no gaps").
 *
 * Credit notes take theirs this way. Invoices are written without one and numbered at COMMIT by the
 * same function (trigger `invoices_number_at_commit`), which keeps the organisation's invoice counter
 * locked for the commit only; the checkout, a single statement, calls it inline (cart.repository.ts).
 * Either way the counter is not held across a round trip to the app, which checkouts of the whole
 * organisation would otherwise queue behind.
 */
export async function nextDocumentNumber(
  tx: Executor,
  organizationId: string,
  kind: NumberedDocument,
  year: number,
): Promise<string> {
  const result = await tx.execute(
    sql`select next_document_number(${organizationId}, ${kind}, ${year}::integer) as number`,
  );
  return rowsOf<{ number: string }>(result)[0]!.number;
}
