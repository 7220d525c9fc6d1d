import { createHash } from 'node:crypto';
import { parseCents } from '../../../lib/money';
import { compactReference, referenceKind } from '../../../lib/transfer/references';

/** One bank entry read from a statement, before any matching. */
export interface ParsedTransaction {
  /** Identifies the bank entry across imports of the same or overlapping statements. */
  key: string;
  /** yyyy-MM-dd, the day the bank booked it. */
  bookingDate: string;
  /** Cents; positive for money received, negative for money paid out. */
  amount: number;
  /** 12 Belgian digits (OGM/VCS) or `RF…` upper case without spaces, only when its check digits pass. */
  structuredReference: string | null;
  communication: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
}

export interface ParsedStatement {
  format: 'camt053' | 'coda';
  /** The statement's account, or null when it is not an IBAN or the file covers several accounts. */
  accountIban: string | null;
  transactions: ParsedTransaction[];
}

/**
 * `empty`: nothing in the file; `unsupported-format`: neither CAMT.053 nor CODA; `malformed`: one of the
 * two, but broken (truncated, wrong record length, impossible date or amount…).
 */
export type UnreadableStatementReason = 'empty' | 'unsupported-format' | 'malformed';

/** The file cannot be read as a bank statement. `message` is internal detail, not for the user. */
export class UnreadableStatementError extends Error {
  override readonly name = 'UnreadableStatementError';

  constructor(
    readonly reason: UnreadableStatementReason,
    message: string,
  ) {
    super(message);
  }
}

export const malformed = (message: string) => new UnreadableStatementError('malformed', message);

/**
 * An amount as a statement writes it, in euros with a decimal point and no sign (`125.5`, `0012.50`: the
 * direction is a field of its own), as integer cents; anything else makes the statement unreadable.
 */
export function statementAmountToCents(value: string): number {
  const cents = value.trim().startsWith('-') ? null : parseCents(value);
  if (cents === null) throw malformed(`Unreadable amount "${value}"`);
  return cents;
}

/** yyyy-MM-dd when the parts make a real calendar day, otherwise null. */
export function calendarDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

/** Collapses runs of whitespace (fixed-width fields, line breaks in XML); null when nothing is left. */
export function cleanText(value: string | null | undefined): string | null {
  const cleaned = (value ?? '').replace(/\s+/g, ' ').trim();
  return cleaned === '' ? null : cleaned;
}

export function normaliseIban(value: string | null | undefined): string | null {
  const compact = (value ?? '').replace(/\s/g, '').toUpperCase();
  return /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(compact) ? compact : null;
}

/** A value given as a structured reference, normalised, or null when its check digits fail. */
export function structuredReferenceOf(value: string | null | undefined): string | null {
  if (!value || referenceKind(value) === 'free') return null;
  return compactReference(value);
}

const BELGIAN_WITH_SLASHES = /(?<!\d)\d{3}\s*\/\s*\d{4}\s*\/\s*\d{5}(?!\d)/g;
const TWELVE_DIGITS = /(?<!\d)\d{12}(?!\d)/g;
const RF_START = /(?<![0-9A-Z])RF\d{2}[0-9A-Z ]*/gi;

/**
 * A structured reference typed into a free communication: the Belgian one as `+++…+++`, `***…***`,
 * `DDD/DDDD/DDDDD` or 12 bare digits, or an RF reference, possibly in blocks of 4. Only a candidate whose
 * check digits pass counts, so an invoice or phone number is not mistaken for one (1 in 97 still could,
 * which at worst proposes a reference that no order carries).
 */
export function findReferenceInText(text: string | null): string | null {
  if (!text) return null;
  for (const pattern of [BELGIAN_WITH_SLASHES, TWELVE_DIGITS]) {
    for (const [candidate] of text.matchAll(pattern)) {
      const reference = structuredReferenceOf(candidate);
      if (reference) return reference;
    }
  }
  for (const [candidate] of text.matchAll(RF_START)) {
    // Where the reference ends is unknown (the words after it may be letters and digits too): try the
    // longest run of space-separated blocks first.
    const blocks = candidate.trim().split(' ');
    for (let count = blocks.length; count > 0; count--) {
      const reference = structuredReferenceOf(blocks.slice(0, count).join(''));
      if (reference?.startsWith('RF')) return reference;
    }
  }
  return null;
}

/** A stable key from an entry's content, for banks that give it no reference of its own. */
export function contentKey(fields: (string | number | null)[]): string {
  return `sha256:${createHash('sha256').update(JSON.stringify(fields)).digest('hex')}`;
}

/**
 * Numbers identical entries in order of appearance (0, 1, 2…) so that two equal transfers on the same day
 * get different content keys, while the same statement imported again numbers them the same way.
 */
export function occurrenceCounter(): (fields: (string | number | null)[]) => number {
  const seen = new Map<string, number>();
  return (fields) => {
    const identity = JSON.stringify(fields);
    const occurrence = seen.get(identity) ?? 0;
    seen.set(identity, occurrence + 1);
    return occurrence;
  };
}
