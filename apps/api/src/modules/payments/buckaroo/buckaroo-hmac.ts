import { createHash, createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../../lib/crypto';

/** The `requestUri` of Buckaroo's HMAC: host and path without the scheme, URL-encoded, then lower-cased. */
export function buckarooRequestUri(url: string): string {
  const parsed = new URL(url);
  return encodeURIComponent(`${parsed.host}${parsed.pathname}${parsed.search}`).toLowerCase();
}

export interface BuckarooSignatureInput {
  websiteKey: string;
  secretKey: string;
  method: string;
  url: string;
  body: string;
  timestamp: number;
  nonce: string;
}

/** Base64(HMAC-SHA256(secret, websiteKey + METHOD + requestUri + timestamp + nonce + Base64(MD5(body)))). */
export function buckarooSignature(input: BuckarooSignatureInput): string {
  const contentHash = input.body === '' ? '' : createHash('md5').update(input.body, 'utf8').digest('base64');
  const data =
    input.websiteKey +
    input.method.toUpperCase() +
    buckarooRequestUri(input.url) +
    String(input.timestamp) +
    input.nonce +
    contentHash;
  return createHmac('sha256', input.secretKey).update(data, 'utf8').digest('base64');
}

/** `hmac {websiteKey}:{signature}:{nonce}:{timestamp}` (domain brief section 2). */
export function buckarooAuthorization(
  input: Omit<BuckarooSignatureInput, 'timestamp' | 'nonce'> & { timestamp?: number; nonce?: string },
): string {
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  const nonce = input.nonce ?? randomBytes(16).toString('hex');
  const signature = buckarooSignature({ ...input, timestamp, nonce });
  return `hmac ${input.websiteKey}:${signature}:${nonce}:${timestamp}`;
}

/**
 * How far a push's timestamp may be from our clock, either way (Buckaroo signs with its own clock). Older
 * pushes are refused, so a captured one cannot be replayed later; the nonces of newer ones are remembered
 * for that long.
 */
export const BUCKAROO_PUSH_MAX_SKEW_SECONDS = 5 * 60;

/** Whether a signed timestamp (Unix seconds) is within the accepted skew of `now`. */
export function isFreshBuckarooTimestamp(timestamp: number, now: Date): boolean {
  return Math.abs(now.getTime() / 1000 - timestamp) <= BUCKAROO_PUSH_MAX_SKEW_SECONDS;
}

export interface ParsedBuckarooAuthorization {
  websiteKey: string;
  signature: string;
  nonce: string;
  timestamp: number;
}

export function parseBuckarooAuthorization(header: string | undefined): ParsedBuckarooAuthorization | null {
  const match = /^hmac ([^:\s]+):([A-Za-z0-9+/=]+):([^:\s]+):(\d{1,12})$/.exec(header?.trim() ?? '');
  if (!match) return null;
  return { websiteKey: match[1]!, signature: match[2]!, nonce: match[3]!, timestamp: Number(match[4]) };
}

/**
 * The `Authorization: hmac …` header when it was made with this website key and secret over this method,
 * URL and raw body (constant-time comparison of the signature), else null.
 */
export function verifyBuckarooAuthorization(input: {
  header: string | undefined;
  websiteKey: string;
  secretKey: string;
  method: string;
  url: string;
  body: string;
}): ParsedBuckarooAuthorization | null {
  const parsed = parseBuckarooAuthorization(input.header);
  if (!parsed || !safeEqual(parsed.websiteKey, input.websiteKey)) return null;
  const expected = buckarooSignature({ ...input, timestamp: parsed.timestamp, nonce: parsed.nonce });
  return safeEqual(parsed.signature, expected) ? parsed : null;
}
