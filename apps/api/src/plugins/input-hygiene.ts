import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { currentLocale } from '../lib/request-context';

const MESSAGE = {
  fr: 'Cette valeur contient des caractères non autorisés',
  en: 'This value contains forbidden characters',
};

/** The path of the first string holding a NUL character, which PostgreSQL text cannot store. */
function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = findNul(child, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Refuses NUL characters anywhere in the input with a 400, before they reach a query. */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = findNul(value, '');
      if (field !== undefined) {
        throw new AppError('validation_failed', [
          { field: field || part, rule: 'invalid_characters', message: MESSAGE[currentLocale()] },
        ]);
      }
    }
  });
}
