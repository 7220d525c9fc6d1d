import { hmac, safeEqual } from './crypto';

/**
 * The mails a person may stop with one click (RFC 8058): each carries a token naming the account and
 * the kind of mail, signed with the application key, so it stops that kind for that account only and
 * needs no sign-in. Nothing is stored: the signature is the proof.
 */
export const UNSUBSCRIBE_KINDS = ['session-reminder', 'recovery-token-expiring'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

export interface UnsubscribeClaim {
  organizationId: string;
  userId: string;
  kind: UnsubscribeKind;
}

const CONTEXT = 'mail-unsubscribe:';

export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(JSON.stringify([claim.organizationId, claim.userId, claim.kind])).toString(
    'base64url',
  );
  return `${payload}.${hmac(secret, CONTEXT + payload)}`;
}

/** The claim of a genuine token, or null (forged, altered, truncated, of an unknown kind). */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  if (!safeEqual(signature, hmac(secret, CONTEXT + payload))) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3 || !value.every((v) => typeof v === 'string'))
      return null;
    const [organizationId, userId, kind] = value as string[];
    if (!(UNSUBSCRIBE_KINDS as readonly string[]).includes(kind!)) return null;
    return { organizationId: organizationId!, userId: userId!, kind: kind as UnsubscribeKind };
  } catch {
    return null;
  }
}
