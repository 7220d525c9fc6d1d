import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, resolveLocale } from '@inscrio/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../lib/app-error';
import { isConnectionLost } from '../lib/db-errors';
import { currentLocale, enterRequestContext } from '../lib/request-context';

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large…) mapped to our codes. */
function codeForFrameworkError(error: FastifyError): ErrorCode | undefined {
  const status = error.statusCode ?? 500;
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 404) return 'not_found';
  if (status >= 400 && status < 500) return 'validation_failed';
  return undefined;
}

/**
 * The error envelope every failure answers with, for the OpenAPI description: `error` is a code of the
 * catalogue (`@inscrio/shared` errors), `message` its text in the caller's language.
 */
export const errorBodySchema = {
  type: 'object' as const,
  required: ['statusCode', 'error', 'message', 'details'],
  properties: {
    statusCode: { type: 'integer' as const, minimum: 400, maximum: 599 },
    error: { type: 'string' as const, enum: [...ERROR_CODES] },
    message: { type: 'string' as const },
    details: {
      type: 'array' as const,
      items: {
        type: 'object' as const,
        required: ['field', 'rule', 'message'],
        properties: {
          field: { type: 'string' as const },
          rule: { type: 'string' as const },
          message: { type: 'string' as const },
          suggestions: { type: 'array' as const, items: { type: 'string' as const } },
        },
      },
    },
  },
};

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const locale = currentLocale() ?? resolveLocale(request.headers['accept-language']);
  if (error.retryAfter) reply.header('retry-after', String(error.retryAfter));
  return reply.status(error.statusCode).send({
    statusCode: error.statusCode,
    error: error.code,
    message: error.messageFor(locale),
    details: error.details,
  });
}

/** Seconds a client should wait before retrying when the database connection was lost. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

const databaseUnavailable = () =>
  new AppError('unavailable', [], {
    text: {
      fr: 'Service momentanément indisponible, réessayez dans un instant.',
      en: 'Service temporarily unavailable, please try again in a moment.',
    },
    retryAfter: DATABASE_RETRY_AFTER_SECONDS,
  });

const PREFLIGHT_MESSAGE = {
  fr: 'Une requête de contrôle CORS doit indiquer son origine et sa méthode',
  en: 'A CORS preflight request must give its origin and method',
};

/**
 * A CORS preflight without `Origin` or `Access-Control-Request-Method` is refused with the API's JSON
 * error, where @fastify/cors would answer plain text. Register before the CORS plugin, whose hook would
 * answer first.
 */
export function registerPreflightCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS') return;
    const missing = ['origin', 'access-control-request-method'].find((name) => !request.headers[name]);
    if (!missing) return;
    const locale = resolveLocale(request.headers['accept-language']);
    enterRequestContext({ locale });
    return sendError(
      request,
      reply,
      new AppError('validation_failed', [
        { field: missing, rule: 'required', message: PREFLIGHT_MESSAGE[locale] },
      ]),
    );
  });
}

/**
 * One place turns every failure into `{ statusCode, error, message, details }` in the caller's language.
 * A lost database connection is answered 503 with Retry-After; other unexpected errors are logged with
 * the request id and answered as a bare 500.
 */
export function registerErrorHandling(app: FastifyInstance, webDist?: string): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, error);
    }
    const code = codeForFrameworkError(error);
    if (code) {
      request.log.info({ code: error.code, reason: error.message }, 'request rejected');
      const details =
        code === 'validation_failed' ? [{ field: 'body', rule: 'parse', message: error.message }] : [];
      return sendError(request, reply, new AppError(code, details));
    }
    if (isConnectionLost(error)) {
      // The pool drops the broken connection and opens a new one for the next query: nothing to restart.
      request.log.warn({ err: error }, 'database connection lost');
      return sendError(request, reply, databaseUnavailable());
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(request, reply, new AppError('internal'));
  });

  // Outside /api, a GET for a page is the single-page app's to route: answer with its index.html.
  const spaIndex = webDist && fs.existsSync(path.join(webDist, 'index.html')) ? 'index.html' : undefined;
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api') &&
      !path.extname(request.url.split('?')[0]!);
    if (spaIndex && isPage) return reply.header('cache-control', 'no-cache').sendFile(spaIndex);
    return sendError(request, reply, new AppError('not_found'));
  });
}
