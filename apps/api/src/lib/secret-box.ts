import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function keyOf(encryptionKey: string): Buffer {
  const key = Buffer.from(encryptionKey, 'base64url');
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes');
  return key;
}

/**
 * Encrypts a provider secret (Buckaroo secret key, Mollie tokens) for storage: AES-256-GCM with a random
 * 96-bit nonce, as `v1.{nonce}.{ciphertext}.{tag}` (base64url). `context` (e.g. the organisation id) is
 * authenticated, so a value copied to another organisation's row does not decrypt.
 */
export function encryptSecret(encryptionKey: string, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(encryptionKey), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext, or null when the value is missing, malformed or was not made with this key and context. */
export function decryptSecret(
  encryptionKey: string,
  stored: string | null | undefined,
  context: string,
): string | null {
  if (!stored) return null;
  const [version, iv, body, tag] = stored.split('.');
  if (version !== VERSION || !iv || body === undefined || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(encryptionKey), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/**
 * The context a national register number is sealed with (the 281.86's child and debtor): the organisation,
 * the member and which one, so a number copied to another member's row does not open.
 */
export const nationalNumberContext = (organizationId: string, memberId: string, which: 'child' | 'debtor') =>
  `certificates:${organizationId}:${memberId}:${which}`;
