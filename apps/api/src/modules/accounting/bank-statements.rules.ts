import type { ParsedTransaction } from './bank-statements/bank-statement.parser';

/*
 * The rules of a bank statement import, as pure functions: which lines are recorded, in which slices,
 * and when an import runs in the background.
 */

export const BANK_IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type BankImportStatus = (typeof BANK_IMPORT_STATUSES)[number];

/** Above this a transfer is not a family's payment (and would not fit the cents column). */
const MAX_AMOUNT = 100_000_000;

/** Rows per INSERT and per progress step: one statement stays small and short whatever the file. */
export const IMPORT_SLICE = 1000;

/**
 * Up to this size a statement is imported during the upload and the answer is the result (~350 CAMT.053
 * transfers or ~2,000 CODA records, read in ~20 ms and recorded in under a second: a month of a club's
 * account). A larger one is read on a worker thread by a background job, and the screen follows its
 * progress: the upload answers at once, and no request waits minutes for a year of transfers.
 */
export const SYNCHRONOUS_IMPORT_MAX_BYTES = 256 * 1024;

export const runsInBackground = (byteSize: number) => byteSize > SYNCHRONOUS_IMPORT_MAX_BYTES;

/** The money received: credits a family could have sent. */
export function creditTransfers(transactions: ParsedTransaction[]): ParsedTransaction[] {
  return transactions.filter((t) => t.amount > 0 && t.amount <= MAX_AMOUNT);
}

/** A transfer as stored, its texts cut to what the columns are shown in. */
export type NewBankTransaction = ParsedTransaction & { id: string };

export function newBankTransaction(id: string, t: ParsedTransaction): NewBankTransaction {
  return {
    id,
    key: t.key,
    bookingDate: t.bookingDate,
    amount: t.amount,
    structuredReference: t.structuredReference,
    communication: t.communication?.slice(0, 500) ?? null,
    counterpartyName: t.counterpartyName?.slice(0, 200) ?? null,
    counterpartyIban: t.counterpartyIban,
  };
}

/** The slices `[start, end)` of `count` items from `from` on (where a resumed import picks up). */
export function slices(count: number, from = 0, size = IMPORT_SLICE): { start: number; end: number }[] {
  const result = [];
  for (let start = Math.max(0, from); start < count; start += size) {
    result.push({ start, end: Math.min(count, start + size) });
  }
  return result;
}
