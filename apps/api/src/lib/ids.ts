import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

export type IdPrefix =
  | 'org'
  | 'est'
  | 'usr'
  | 'mbr'
  | 'fam'
  | 'bp'
  | 'svc'
  | 'prs'
  | 'per'
  | 'reg'
  | 'crt'
  | 'ord'
  | 'pay'
  | 'inv'
  | 'cn'
  | 'rtk'
  | 'doc'
  | 'ast'
  | 'com'
  | 'aud'
  | 'ses'
  | 'rft'
  | 'otp'
  | 'pwr'
  | 'job'
  | 'sup'
  | 'ser'
  | 'emc'
  | 'rpi';

/**
 * `prefix_` + 10 characters of millisecond time + 16 random characters (Crockford base 32, lower case),
 * so ids sort by creation time and index well.
 */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let random = '';
  for (const b of bytes) random += CROCKFORD[b % 32];
  return `${prefix}_${time}${random}`;
}
