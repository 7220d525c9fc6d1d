import { type ErrorCode, httpStatusMessage, isErrorCode, type Locale, message } from '@inscrio/shared';
import type { ApiErrorBody, ApiErrorDetail } from './api-types';

/**
 * A failed API response (spec section 8): its status, the message from the body (or
 * 'HTTP error! status: N' when the body has none) and the field details.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly details: ApiErrorDetail[];
  /**
   * The API's error code (`email_taken`, `session_full`…: the catalogue of `@inscrio/shared` errors),
   * when the body names one. Screens branch on it, never on the status or the text.
   */
  readonly code: ErrorCode | undefined;
  /** True when `message` comes from the response body (already in the user's language). */
  readonly hasBodyMessage: boolean;

  /** The request carried the session's token: a 401 then means the session ended, never notified. */
  readonly authenticated: boolean;

  constructor(status: number, body?: ApiErrorBody | null, options: { authenticated?: boolean } = {}) {
    const bodyMessage = typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : null;
    super(bodyMessage ?? `HTTP error! status: ${status}`);
    this.status = status;
    this.details = Array.isArray(body?.details) ? body.details : [];
    this.code = isErrorCode(body?.error) ? body.error : undefined;
    this.hasBodyMessage = bodyMessage !== null;
    this.authenticated = options.authenticated ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Whether the error is the API's answer with one of these codes: screens branch on it, never on a status. */
export function hasErrorCode(error: unknown, ...codes: readonly ErrorCode[]): error is ApiError {
  return error instanceof ApiError && error.code !== undefined && codes.includes(error.code);
}

/**
 * The text of an error notification (spec section 8): an API error shows its message, or
 * 'Erreur API N' when the body carried none; anything else 'Une erreur inattendue est survenue.'
 */
export function notificationText(error: unknown, locale: Locale): string {
  if (error instanceof ApiError) {
    return error.hasBodyMessage ? error.message : message('apiError', locale, { status: error.status });
  }
  return message('unexpectedError', locale);
}

/**
 * The explanation an error state shows in a page (spec section 8's status fallback texts): the API's
 * message when it sent one, else the text for the status; no status at all is an unknown error.
 */
export function statusText(error: unknown, locale: Locale): string {
  if (error instanceof ApiError) {
    return error.hasBodyMessage ? error.message : httpStatusMessage(error.status, locale);
  }
  return httpStatusMessage(undefined, locale);
}
