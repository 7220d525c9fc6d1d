import pino, { type DestinationStream, type Logger } from 'pino';

const REDACTED = '[redacted]';

/** Path segments after which the next segment is a secret (a link's token, a feed's token). */
const SECRET_AFTER_SEGMENT =
  /^(?:representative-invitations|period-invitations|invitations|ical|email-change|reset-password|password-reset|tokens)$/i;
/** A long opaque segment is a token whatever route it is on (our ids are shorter). */
const OPAQUE_SEGMENT = /^[A-Za-z0-9_-]{40,}(?:\.[a-z]+)?$/;
/** Query parameters whose values are secrets or personal data. */
const SECRET_QUERY_PARAM = /token|^code$|^otp$|^key$|secret|signature|password|^e?-?mail$/i;

/**
 * A URL as it may be logged: the tokens links carry (in the path or the query) and e-mail addresses in
 * the query are replaced by `[redacted]`; the route stays readable.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const segments = path.split('/');
  const safePath = segments
    .map((segment, i) =>
      (i > 0 && SECRET_AFTER_SEGMENT.test(segments[i - 1]!) && segment !== '') || OPAQUE_SEGMENT.test(segment)
        ? REDACTED
        : segment,
    )
    .join('/');
  if (queryStart < 0) return safePath;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is kept as sent.
      }
      return SECRET_QUERY_PARAM.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${query}`;
}

/** The request line of Fastify's request logs, its URL redacted. */
function serializeRequest(request: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * A value PostgreSQL quotes in a message (`invalid input syntax for type integer: "…"`,
 * `value "…" is out of range…`); quoted identifiers (`relation "users"`) are kept.
 */
const QUOTED_VALUE = /(:|\bvalue) "(?:[^"]|"")*"/g;

/** Fields of an error that name things (codes, constraints, tables) and never carry values. */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'routine',
  'errno',
  'syscall',
  'retryAfter',
] as const;

type LoggableError = Error & Record<string, unknown>;

/**
 * Drizzle's `Failed query: … params: …` error: its query text, never its parameters. (The embedded
 * database's own error also carries `query` and `params`, but its message is PostgreSQL's reason, kept.)
 */
const isFailedQuery = (error: LoggableError): error is LoggableError & { query: string } =>
  typeof error.query === 'string' && 'params' in error && String(error.message).startsWith('Failed query');

/** An error's message without values: for logs, and for error texts stored where people read them. */
export function errorMessageWithoutValues(error: Error): string {
  const e = error as LoggableError;
  if (isFailedQuery(e)) return `Failed query: ${e.query}`;
  const message = String(e.message ?? '');
  // A message built from a drizzle error's keeps its text up to the parameters.
  const paramsAt = message.indexOf('\nparams: ');
  return (paramsAt < 0 ? message : message.slice(0, paramsAt)).replace(QUOTED_VALUE, `$1 "${REDACTED}"`);
}

/**
 * Errors as they may be logged: type, a message without values (drizzle's parameters and PostgreSQL's
 * quoted values removed), the fields that only name things, the stack frames, and the same for the cause.
 * PostgreSQL's `detail` (`Key (email)=(…)`, `Failing row contains (…)`), `where` and every other field are
 * left out: they often contain the values.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const e = error as LoggableError;
  const type = e.constructor?.name ?? e.name;
  const message = errorMessageWithoutValues(e);
  const serialized: Record<string, unknown> = { type, message };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = e[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  serialized.stack = [`${type}: ${message}`, ...frames].join('\n');
  if (e.cause !== undefined && depth < 5) serialized.cause = serializeError(e.cause, depth + 1);
  return serialized;
}

/**
 * JSON logs in one line each. Secrets that may pass through requests are redacted: headers, credential
 * fields, tokens in URLs; errors are logged without SQL parameter values.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refreshToken', '*.otp'],
        censor: REDACTED,
      },
      serializers: { req: serializeRequest, err: serializeError },
    },
    destination,
  );
}
