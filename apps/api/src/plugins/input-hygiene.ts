import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { currentLocale } from '../lib/request-context';

const MESSAGE = {
  fr: 'Cette valeur contient des caractères non autorisés',
  en: 'This value contains forbidden characters',
};

/**
 * Lone surrogates (`\ud800` is valid JSON but not Unicode): jsonb refuses them with an error, text columns
 * store them altered. With the `u` flag the class matches a surrogate only when it is not half of a pair.
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** NUL, which PostgreSQL text cannot store, or a lone surrogate. */
const isForbidden = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The path of the first string (value or key) holding a forbidden character. */
function findForbidden(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return isForbidden(value) ? path : undefined;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (isForbidden(key)) return childPath;
    const found = findForbidden(child, childPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Refuses forbidden characters anywhere in the input with a 400, before they reach a query. */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = findForbidden(value, '');
      if (field !== undefined) {
        throw new AppError('validation_failed', [
          { field: field || part, rule: 'invalid_characters', message: MESSAGE[currentLocale()] },
        ]);
      }
    }
  });
}

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that an empty body is no
 * body: many HTTP clients send `content-type: application/json` on every POST and DELETE, also without
 * a body. The route's schema then decides whether it needed one.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}
