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
  | 'orl'
  | 'pay'
  | 'inv'
  | 'cn'
  | 'rtk'
  | 'doc'
  | 'dsv'
  | 'crt'
  | 'ast'
  | 'com'
  | 'aud'
  | 'ses'
  | 'rft'
  | 'rfd'
  | 'otp'
  | 'pwr'
  | 'job'
  | 'sup'
  | 'ser'
  | 'emc'
  | 'rpi'
  | 'bsi'
  | 'btx'
  | 'lic'
  | 'hoc'
  | 'pst'
  | 'spt'
  | 'spm'
  | 'spa'
  | 'rcv'
  | 'wtc'
  | 'lac'
  | 'cma'
  | 'inb';

/**
 * `prefix_` + 10 characters of millisecond time + 16 random characters (Crockford base 32, lower case),
 * so ids sort by creation time and index well. Within one millisecond the random part is incremented
 * instead of drawn again (monotonic ULID), so ids made one after the other in a process keep their order.
 * (Overflowing 80 random bits within one millisecond wraps to zero: not a case worth a branch.)
 */
let lastTime = -1;
let lastRandom: number[] = [];

export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  // A clock set back (tests' fixed clocks) starts afresh at the time asked for.
  if (now === lastTime) incrementRandom();
  else {
    lastTime = now;
    lastRandom = Array.from(randomBytes(16), (b) => b % 32);
  }
  let time = '';
  let t = lastTime;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  return `${prefix}_${time}${lastRandom.map((d) => CROCKFORD[d]).join('')}`;
}

function incrementRandom() {
  for (let i = lastRandom.length - 1; i >= 0; i--) {
    if (lastRandom[i]! < 31) {
      lastRandom[i]!++;
      return;
    }
    lastRandom[i] = 0;
  }
}
