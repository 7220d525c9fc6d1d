import { LIST_COUNT_LIMIT, message } from '@inscrio/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rowsOf } from '../db/client';
import { AppError } from './app-error';
import { currentLocale } from './request-context';

/*
 * Keyset pagination (`after` / `nextCursor`). A cursor is the sort key of a page's last row, tagged with
 * the list (and sort) it belongs to, JSON in base64url: opaque to clients, checked on the way back in.
 * It holds no organisation: every list query is scoped by the caller's organisation, so a cursor taken
 * elsewhere only names a position in this organisation's list and shows nothing of where it came from.
 */

/** How one key of a cursor is checked: text, a timestamptz as PostgreSQL prints it, a date, an integer. */
export type CursorKind = 'text' | 'timestamp' | 'date' | 'int';
export type CursorKey = string | number | null;

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-](\d{2})(:?\d{2}){0,2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day (no 31 February), as PostgreSQL will read it. */
function isDay(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** A timestamptz as PostgreSQL prints it ('2026-10-01 08:00:00.123456+00'), every field in range. */
function isInstant(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  return (
    isDay(match[1]!) &&
    Number(match[2]) < 24 &&
    Number(match[3]) < 60 &&
    Number(match[4]) < 60 &&
    (match[7] === undefined || Number(match[7]) <= 15)
  );
}

export function encodeCursor(list: string, key: readonly CursorKey[]): string {
  return Buffer.from(JSON.stringify([list, ...key])).toString('base64url');
}

const invalid = () =>
  new AppError('validation_failed', [
    { field: 'after', rule: 'format', message: message('listCursor', currentLocale()) },
  ]);

function valid(kind: CursorKind, value: unknown, nullable: boolean): boolean {
  if (value === null) return nullable;
  switch (kind) {
    case 'text':
      return typeof value === 'string' && value.length <= 1_000;
    case 'int':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'date':
      return typeof value === 'string' && isDay(value);
    case 'timestamp':
      return typeof value === 'string' && isInstant(value);
  }
}

/**
 * The key of a cursor of `list`, each value checked against `kinds` (a `?` suffix allows null); a
 * cursor of another list, or not one at all, is refused with a 400 in the caller's language.
 */
export function decodeCursor(list: string, kinds: readonly string[], cursor: string): CursorKey[] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(decoded) || decoded.length !== kinds.length + 1 || decoded[0] !== list) throw invalid();
  const key = decoded.slice(1) as CursorKey[];
  kinds.forEach((spec, i) => {
    const nullable = spec.endsWith('?');
    if (!valid(spec.replace('?', '') as CursorKind, key[i], nullable)) throw invalid();
  });
  return key;
}

/**
 * The rows of `query` up to `LIST_COUNT_LIMIT` + 1 counted, never more: what a walk by cursor answers
 * as its total (capped when there are more).
 */
export async function boundedCount(db: Executor, query: SQL): Promise<{ total: number; capped: boolean }> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (${query} limit ${LIST_COUNT_LIMIT + 1}) bounded`),
  );
  const n = row?.n ?? 0;
  return n > LIST_COUNT_LIMIT ? { total: LIST_COUNT_LIMIT, capped: true } : { total: n, capped: false };
}
