import type { Locale } from '@inscrio/shared';

/** Every error code the API answers with, and its HTTP status. */
export const ERROR_STATUS = {
  validation_failed: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  session_expired: 401,
  forbidden: 403,
  organization_mismatch: 403,
  not_found: 404,
  organization_not_found: 404,
  conflict: 409,
  email_taken: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** User-facing messages, per code, in each language. Internal detail never goes here. */
const MESSAGES: Record<ErrorCode, Record<Locale, string>> = {
  validation_failed: { fr: 'Les données fournies sont invalides.', en: 'The data provided is invalid.' },
  unauthenticated: { fr: 'Veuillez vous connecter.', en: 'Please sign in.' },
  invalid_credentials: {
    fr: 'Identifiants non valides. Veuillez réessayer.',
    en: 'Invalid credentials. Please try again.',
  },
  session_expired: { fr: 'Votre session a expiré', en: 'Your session has expired' },
  forbidden: {
    fr: 'Vous n’avez pas la permission d’effectuer cette action.',
    en: 'You do not have permission to perform this action.',
  },
  organization_mismatch: {
    fr: 'Vous n’avez pas la permission d’effectuer cette action.',
    en: 'You do not have permission to perform this action.',
  },
  not_found: { fr: 'Les données fournies sont introuvables.', en: 'The requested data could not be found.' },
  organization_not_found: {
    fr: "Cette organisation n'existe pas ou n'est plus accessible.",
    en: 'This organisation does not exist or is no longer accessible.',
  },
  conflict: {
    fr: 'Cette opération est en conflit avec l’état actuel.',
    en: 'This conflicts with the current state.',
  },
  email_taken: {
    fr: 'Un compte existe déjà avec cette adresse e-mail.',
    en: 'An account already exists with this e-mail address.',
  },
  payload_too_large: { fr: 'La requête est trop volumineuse.', en: 'The request is too large.' },
  unsupported_media_type: { fr: 'Format de requête non pris en charge.', en: 'Unsupported request format.' },
  rate_limited: {
    fr: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
    en: 'Too many attempts. Please try again in a few minutes.',
  },
  internal: { fr: 'Erreur interne du serveur.', en: 'Internal server error.' },
  unavailable: { fr: 'Service momentanément indisponible.', en: 'Service temporarily unavailable.' },
};

export interface ErrorDetail {
  field: string;
  rule: string;
  message: string;
}

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly details: ErrorDetail[] = [],
    /** Overrides the catalogue message (already in the user's language). */
    readonly userMessage?: Record<Locale, string>,
    /** Seconds before retrying, for 429 and 503. */
    readonly retryAfter?: number,
  ) {
    super(code);
    this.statusCode = ERROR_STATUS[code];
  }

  messageFor(locale: Locale): string {
    return (this.userMessage ?? MESSAGES[this.code])[locale];
  }
}

export const errorMessage = (code: ErrorCode, locale: Locale): string => MESSAGES[code][locale];

export const notFound = () => new AppError('not_found');
export const forbidden = () => new AppError('forbidden');
