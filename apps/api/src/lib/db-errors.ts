/** Whether a database error (possibly wrapped by drizzle) is a unique violation, optionally of `constraint`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return !constraint || e.constraint === constraint;
  }
  return false;
}

/**
 * PostgreSQL and socket codes of a connection that went away: the server terminated it (57P01 admin
 * shutdown, 57P02 crash shutdown), is starting or stopping (57P03), or the link broke (class 08,
 * ECONNRESET, ECONNREFUSED).
 */
const CONNECTION_LOST_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  'ECONNRESET',
  'ECONNREFUSED',
]);

/** What node-postgres throws, without a code, for a query on a connection that already broke. */
const CONNECTION_LOST_MESSAGES = [
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
];

/**
 * Whether an error (possibly wrapped by drizzle) comes from losing the database connection: a passing
 * outage, answered 503 while the pool reconnects, not a bug.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e;) {
    if (typeof e.code === 'string' && CONNECTION_LOST_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && CONNECTION_LOST_MESSAGES.includes(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
