import type { Locale } from '@inscrio/shared';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { AppError, type ErrorDetail } from './app-error';
import { currentLocale } from './request-context';

const zodLocales: Record<Locale, ReturnType<typeof z.locales.fr>> = {
  fr: z.locales.fr(),
  en: z.locales.en(),
};

/** The other-language variants of schemas whose rules differ per language (spec section 5). */
const localizedVariants = new WeakMap<z.ZodType, Record<Locale, z.ZodType>>();

/**
 * Registers both language variants of a shared schema factory and returns the French one, which routes
 * declare (types, OpenAPI). Validation then picks the variant of the caller's language.
 */
export function localizedSchema<T extends z.ZodType>(factory: (locale: Locale) => T): T {
  const fr = factory('fr');
  localizedVariants.set(fr, { fr, en: factory('en') });
  return fr;
}

export function toErrorDetails(issues: z.core.$ZodIssue[], root: string): ErrorDetail[] {
  return issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : root,
    rule: issue.code,
    message: issue.message,
  }));
}

/** Parses with the variant and messages of `locale`; throws a 400 naming each field and rule. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  data: unknown,
  locale: Locale = currentLocale(),
  root = 'body',
): z.output<T> {
  const variant = (localizedVariants.get(schema)?.[locale] ?? schema) as T;
  const result = variant.safeParse(data, { error: zodLocales[locale].localeError });
  if (!result.success) throw new AppError('validation_failed', toErrorDetails(result.error.issues, root));
  return result.data;
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    try {
      return { value: parseInput(schema, data, currentLocale(), httpPart ?? 'body') };
    } catch (error) {
      return { error: error as Error };
    }
  };
