import { type ErrorCode, type ErrorParams, errorStatus, errorText, type Locale } from '@inscrio/shared';

export type { ErrorCode } from '@inscrio/shared';

export interface ErrorDetail {
  field: string;
  rule: string;
  message: string;
  /** Values the caller may pick instead (e.g. free organisation keys). */
  suggestions?: string[];
}

export interface AppErrorOptions<C extends ErrorCode = ErrorCode> {
  /** The facts the code's text quotes (see the catalogue in `@inscrio/shared` errors). */
  params?: ErrorParams<C>;
  /**
   * A generic code's text worded for this case (already in both languages), e.g. a 400 whose fields say
   * why. A business refusal never uses it: it has its own code and text in the catalogue.
   */
  text?: Record<Locale, string>;
  /** Seconds before retrying, for 429 and 503. */
  retryAfter?: number;
}

/** The one error type: a code of the catalogue, its field details, and the facts its text quotes. */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly statusCode: number;
  readonly params: ErrorParams<C> | undefined;
  readonly text: Record<Locale, string> | undefined;
  readonly retryAfter: number | undefined;

  constructor(
    readonly code: C,
    readonly details: ErrorDetail[] = [],
    options: AppErrorOptions<C> = {},
  ) {
    super(code);
    this.statusCode = errorStatus(code);
    this.params = options.params;
    this.text = options.text;
    this.retryAfter = options.retryAfter;
  }

  messageFor(locale: Locale): string {
    return this.text?.[locale] ?? errorText(this.code, locale, this.params);
  }
}

/**
 * A business refusal by its code, with the facts its text quotes; `detail` names the field at fault
 * (its message is the refusal's text in `locale`).
 */
export function refused<C extends ErrorCode>(
  code: C,
  ...[params, detail]: undefined extends ErrorParams<C>
    ? [params?: undefined, detail?: { field: string; rule: string; locale: Locale }]
    : [params: ErrorParams<C>, detail?: { field: string; rule: string; locale: Locale }]
): AppError<C> {
  const details = detail
    ? [{ field: detail.field, rule: detail.rule, message: errorText(code, detail.locale, params) }]
    : [];
  return new AppError(code, details, { params });
}

export const errorMessage = (code: ErrorCode, locale: Locale): string => errorText(code, locale);

export const notFound = () => new AppError('not_found');
export const forbidden = () => new AppError('forbidden');
