import type { Locale } from '@inscrio/shared';

/** Transient failures (a 4xx answer, a lost connection) tried this often before a recipient fails. */
export const TRANSIENT_TRIES = 3;

/** Why a send failed, as kept on the recipient: the SMTP answer, never the address nor a value. */
export function failureReason(error: unknown): string {
  const { responseCode, response, code, message } = (error ?? {}) as {
    responseCode?: number;
    response?: string;
    code?: string;
    message?: string;
  };
  const text = (response ?? message ?? String(code ?? 'error'))
    .replace(/<?[^\s<>@]+@[^\s<>@]+>?/g, '…')
    .replace(/\s+/g, ' ')
    .trim();
  return (responseCode ? `${responseCode} ${text.replace(/^\d{3}\s*/, '')}` : text).slice(0, 300);
}

/** A permanent refusal (5xx: unknown mailbox, refused) is not tried again; anything else may be. */
export function isPermanent(error: unknown): boolean {
  const { responseCode } = (error ?? {}) as { responseCode?: number };
  return typeof responseCode === 'number' && responseCode >= 500;
}

/** What becomes of a recipient whose send failed, after `attempts` transient failures already. */
export function afterFailure(error: unknown, attempts: number): 'failed' | 'queued' {
  return isPermanent(error) || attempts + 1 >= TRANSIENT_TRIES ? 'failed' : 'queued';
}

/** The version a recipient reads: English when they read English and the manager wrote it. */
export function versionFor<T extends { subjectFr: string; bodyFr: string }>(
  message: T & { subjectEn: string | null; bodyEn: string | null },
  locale: Locale,
): { subject: string; body: string } {
  return locale === 'en' && message.subjectEn && message.bodyEn
    ? { subject: message.subjectEn, body: message.bodyEn }
    : { subject: message.subjectFr, body: message.bodyFr };
}

/**
 * Paces a mailing at `perSecond`: the n-th message may start `n / perSecond` seconds after the first.
 * `wait` says how long to wait before the next one.
 */
export function pacer(perSecond: number, now: () => number) {
  const start = now();
  let sent = 0;
  return {
    wait(): number {
      const due = start + (sent * 1000) / perSecond;
      sent++;
      return Math.max(0, due - now());
    },
  };
}

export const INTERRUPTED_REASON: Record<Locale, string> = {
  fr: 'Envoi interrompu : renvoyez si le message n’est pas arrivé',
  en: 'Sending interrupted: send again if the message did not arrive',
};
