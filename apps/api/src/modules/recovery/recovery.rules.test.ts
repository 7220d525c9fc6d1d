import { describe, expect, it } from 'vitest';
import {
  absenceGivesToken,
  cancelledSessionGivesToken,
  expiryOf,
  familyCancellationGivesToken,
  hasExpired,
  reminderDue,
  tokenSessionRefusal,
  tokenValue,
} from './recovery.rules';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date('2026-10-05T10:00:00Z');

describe('when a missed session gives a token', () => {
  const cancellation = {
    previousStatus: 'confirmed',
    visibility: 'public',
    sessionStart: new Date(now.getTime() + 24 * HOUR),
    now,
    noticeHours: 24,
    credited: false,
  };

  it('a family cancellation exactly N hours before gives one, a minute later none', () => {
    expect(familyCancellationGivesToken(cancellation)).toBe(true);
    expect(familyCancellationGivesToken({ ...cancellation, now: new Date(now.getTime() + 60_000) })).toBe(
      false,
    );
  });

  it('never on a private or hidden activity, never for a reserved seat, never when the invoice was credited', () => {
    expect(familyCancellationGivesToken({ ...cancellation, visibility: 'private' })).toBe(false);
    expect(familyCancellationGivesToken({ ...cancellation, visibility: 'hidden' })).toBe(false);
    expect(familyCancellationGivesToken({ ...cancellation, visibility: 'protected' })).toBe(true);
    expect(familyCancellationGivesToken({ ...cancellation, previousStatus: 'reserved' })).toBe(false);
    expect(familyCancellationGivesToken({ ...cancellation, credited: true })).toBe(false);
  });

  it('an absence gives one when the organisation grants them, on protected and public activities', () => {
    expect(absenceGivesToken({ visibility: 'public', recoveryForAbsences: true })).toBe(true);
    expect(absenceGivesToken({ visibility: 'public', recoveryForAbsences: false })).toBe(false);
    expect(absenceGivesToken({ visibility: 'private', recoveryForAbsences: true })).toBe(false);
  });

  it('a cancelled session gives one to confirmed participants of recovery activities', () => {
    expect(cancelledSessionGivesToken({ visibility: 'protected', status: 'confirmed' })).toBe(true);
    expect(cancelledSessionGivesToken({ visibility: 'protected', status: 'reserved' })).toBe(false);
    expect(cancelledSessionGivesToken({ visibility: 'private', status: 'confirmed' })).toBe(false);
  });
});

describe('what a token is worth', () => {
  const line = {
    unitPrice: 1200,
    supplements: [
      { price: 300, frequency: 'per-session' },
      { price: 1500, frequency: 'once' },
    ],
    orderTotal: 3000,
    orderCredited: 0,
    orderPaid: 3000,
  };

  it('the session and its per-session supplements when the order is paid, not a once-a-period one', () => {
    expect(tokenValue(line)).toBe(1500);
  });

  it('nothing when nothing was paid or there is no order line', () => {
    expect(tokenValue({ ...line, orderPaid: 0 })).toBe(0);
    expect(tokenValue(null)).toBe(0);
  });

  it("a part-paid order's share", () => {
    expect(tokenValue({ ...line, orderPaid: 1500 })).toBe(750);
    expect(tokenValue({ ...line, orderCredited: 1000, orderPaid: 2000 })).toBe(1500);
  });

  it('a line from before supplements had a frequency counts them on every session', () => {
    expect(tokenValue({ ...line, supplements: [{ price: 200 }] })).toBe(1400);
  });
});

describe('expiry and reminder', () => {
  it('expires validity days after its creation, at that instant', () => {
    const expiresAt = expiryOf(now, 90);
    expect(expiresAt.getTime() - now.getTime()).toBe(90 * DAY);
    expect(hasExpired({ status: 'available', expiresAt }, new Date(expiresAt.getTime() - 1))).toBe(false);
    expect(hasExpired({ status: 'available', expiresAt }, expiresAt)).toBe(true);
    expect(hasExpired({ status: 'used', expiresAt }, expiresAt)).toBe(false);
  });

  it('reminds once, within the 7 days before expiry', () => {
    const token = {
      status: 'available' as const,
      expiresAt: new Date(now.getTime() + 7 * DAY),
      reminderSentAt: null,
    };
    expect(reminderDue(token, now)).toBe(true);
    expect(reminderDue({ ...token, expiresAt: new Date(now.getTime() + 7 * DAY + 1) }, now)).toBe(false);
    expect(reminderDue({ ...token, reminderSentAt: now }, now)).toBe(false);
    expect(reminderDue({ ...token, status: 'used' }, now)).toBe(false);
  });
});

describe('which sessions a token may take', () => {
  const token = {
    status: 'available' as const,
    expiresAt: new Date(now.getTime() + 30 * DAY),
    originBlueprintId: 'bp_judo',
    originEstablishmentId: 'est_a',
  };
  const session = {
    blueprintId: 'bp_swim',
    establishmentId: 'est_b',
    visibility: 'public',
    status: 'confirmed',
    archived: false,
    startDateTime: new Date(now.getTime() + 2 * DAY),
    maxSeats: 10,
    reservedSeats: 3,
  };

  it('a future session of a recovery activity with a free seat, within validity', () => {
    expect(tokenSessionRefusal(token, session, 'any', now)).toBeNull();
  });

  it('refuses what the rules exclude', () => {
    expect(tokenSessionRefusal({ ...token, status: 'used' }, session, 'any', now)).toBe('token-unavailable');
    expect(tokenSessionRefusal(token, { ...session, startDateTime: now }, 'any', now)).toBe('past');
    expect(tokenSessionRefusal(token, { ...session, status: 'cancelled' }, 'any', now)).toBe('cancelled');
    expect(tokenSessionRefusal(token, { ...session, visibility: 'private' }, 'any', now)).toBe('no-recovery');
    expect(
      tokenSessionRefusal(
        token,
        { ...session, startDateTime: new Date(now.getTime() + 31 * DAY) },
        'any',
        now,
      ),
    ).toBe('after-expiry');
    expect(tokenSessionRefusal(token, { ...session, reservedSeats: 10 }, 'any', now)).toBe('full');
  });

  it('keeps to the same activity or establishment when the organisation says so', () => {
    expect(tokenSessionRefusal(token, session, 'same-activity', now)).toBe('out-of-scope');
    expect(
      tokenSessionRefusal(token, { ...session, blueprintId: 'bp_judo' }, 'same-activity', now),
    ).toBeNull();
    expect(tokenSessionRefusal(token, session, 'same-establishment', now)).toBe('out-of-scope');
    expect(
      tokenSessionRefusal(token, { ...session, establishmentId: 'est_a' }, 'same-establishment', now),
    ).toBeNull();
  });
});
