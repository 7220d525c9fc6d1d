import { z } from 'zod';
import type { Locale } from '../locale';
import { TEXT_LIMITS } from '../validation/limits';
import { message } from '../validation/messages';

/**
 * Lists walked by cursor (keyset pagination): the query's `after` is the previous answer's `nextCursor`,
 * an opaque position in the list's order, and each page costs the same at any depth, in an organisation
 * of any size. `after` empty asks the first page of such a walk. Without `after` a list is paginated by
 * `page` as before (the deeper the page, the more rows the database skips) and counted exactly.
 */
export const listCursorField = (locale: Locale) =>
  z
    .string({ error: message('listCursor', locale) })
    .max(TEXT_LIMITS.cursor, { error: message('listCursor', locale) })
    .regex(/^[A-Za-z0-9_-]*$/, { error: message('listCursor', locale) })
    .optional()
    .describe(
      'The `nextCursor` of the previous page (empty: the first page of a walk by cursor, whose ' +
        '`total` is counted up to 1,000 only).',
    );

/** What every list answer adds for a walk by cursor. */
export const cursorPageFields = {
  /** The position after this page's last row, for `after`; null on the last page. */
  nextCursor: z.string().nullable().optional(),
  /**
   * True when `total` is a lower bound: a walk by cursor counts at most `LIST_COUNT_LIMIT` rows, and
   * there are more. Absent or false: `total` is exact.
   */
  totalCapped: z.boolean().optional(),
};
