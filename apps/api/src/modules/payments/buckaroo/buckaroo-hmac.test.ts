import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buckarooAuthorization,
  buckarooRequestUri,
  isFreshBuckarooTimestamp,
  parseBuckarooAuthorization,
  verifyBuckarooAuthorization,
} from './buckaroo-hmac';

// The synthetic test vector of the domain brief, section 3.
const VECTOR = {
  websiteKey: 'ABCD1234',
  secretKey: 'SECRETKEY',
  method: 'POST',
  url: 'https://testcheckout.buckaroo.nl/json/Transaction',
  body: '{"Currency":"EUR","AmountDebit":10,"Invoice":"INV-2025-0001"}',
  timestamp: 1700000000,
  nonce: 'nonce_1234567',
};

describe('Buckaroo HMAC', () => {
  it('lower-cases the request URI after encoding it, as the .NET SDK does', () => {
    expect(buckarooRequestUri(VECTOR.url)).toBe('testcheckout.buckaroo.nl%2fjson%2ftransaction');
  });

  it('reproduces the test vector', () => {
    expect(createHash('md5').update(VECTOR.body).digest('base64')).toBe('VOMOyVXIT5tG/d06eyVMGg==');
    expect(buckarooAuthorization(VECTOR)).toBe(
      'hmac ABCD1234:YIrELBHSLKJjyBBoYpYyyGDjsmR17Qy16teeUHpoTrY=:nonce_1234567:1700000000',
    );
  });

  it('verifies a header, and refuses any change', () => {
    const header = buckarooAuthorization(VECTOR);
    const check = (changes: Partial<typeof VECTOR> & { header?: string }) =>
      verifyBuckarooAuthorization({ header, ...VECTOR, ...changes });
    expect(check({})).toMatchObject({ nonce: VECTOR.nonce, timestamp: VECTOR.timestamp });
    expect(check({ body: VECTOR.body.replace('10', '11') })).toBeNull();
    expect(check({ secretKey: 'OTHER' })).toBeNull();
    expect(check({ websiteKey: 'OTHER' })).toBeNull();
    expect(check({ url: 'https://testcheckout.buckaroo.nl/json/Other' })).toBeNull();
    expect(check({ header: header.replace('nonce_1234567', 'nonce_7654321') })).toBeNull();
    expect(check({ header: 'hmac nope' })).toBeNull();
    expect(check({ header: undefined as unknown as string })).toBeNull();
  });

  it('accepts a timestamp within five minutes of now, either way', () => {
    const now = new Date(VECTOR.timestamp * 1000);
    expect(isFreshBuckarooTimestamp(VECTOR.timestamp - 300, now)).toBe(true);
    expect(isFreshBuckarooTimestamp(VECTOR.timestamp + 300, now)).toBe(true);
    expect(isFreshBuckarooTimestamp(VECTOR.timestamp - 301, now)).toBe(false);
    expect(isFreshBuckarooTimestamp(VECTOR.timestamp + 301, now)).toBe(false);
  });

  it('signs an empty body without a content hash, with a fresh nonce each time', () => {
    const a = buckarooAuthorization({ ...VECTOR, body: '', timestamp: undefined, nonce: undefined });
    const b = buckarooAuthorization({ ...VECTOR, body: '', timestamp: undefined, nonce: undefined });
    expect(parseBuckarooAuthorization(a)!.nonce).not.toBe(parseBuckarooAuthorization(b)!.nonce);
    expect(parseBuckarooAuthorization(a)!.signature).toHaveLength(44);
  });
});
