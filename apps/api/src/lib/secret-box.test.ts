import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './secret-box';

const key = randomBytes(32).toString('base64url');

describe('secret box', () => {
  it('round-trips and never stores the plaintext', () => {
    const stored = encryptSecret(key, 'SECRETKEY', 'org_a');
    expect(stored).not.toContain('SECRETKEY');
    expect(stored).toMatch(/^v1\./);
    expect(decryptSecret(key, stored, 'org_a')).toBe('SECRETKEY');
    expect(encryptSecret(key, 'SECRETKEY', 'org_a')).not.toBe(stored);
  });

  it('refuses another key, another context or a tampered value', () => {
    const stored = encryptSecret(key, 'SECRETKEY', 'org_a');
    expect(decryptSecret(randomBytes(32).toString('base64url'), stored, 'org_a')).toBeNull();
    expect(decryptSecret(key, stored, 'org_b')).toBeNull();
    const parts = stored.split('.');
    parts[2] = Buffer.from('x').toString('base64url');
    expect(decryptSecret(key, parts.join('.'), 'org_a')).toBeNull();
    expect(decryptSecret(key, 'garbage', 'org_a')).toBeNull();
    expect(decryptSecret(key, null, 'org_a')).toBeNull();
  });
});
