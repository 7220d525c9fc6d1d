import { describe, expect, it } from 'vitest';
import { registrationNotice, upcomingSessions } from './registration-notice';

const NOW = new Date('2027-03-01T12:00:00Z');
const ZONE = 'Europe/Brussels';
const LATER = new Date('2027-09-06T06:00:00Z');
const SOONER = new Date('2027-09-01T06:00:00Z');

describe('upcomingSessions', () => {
  it('keeps the sessions not cancelled and not started', () => {
    const sessions = [
      { id: 'past', status: 'scheduled', startDateTime: '2027-02-01T10:00:00Z' },
      { id: 'now', status: 'scheduled', startDateTime: NOW },
      { id: 'cancelled', status: 'cancelled', startDateTime: '2027-04-01T10:00:00Z' },
      { id: 'next', status: 'scheduled', startDateTime: '2027-04-01T10:00:00Z' },
    ];
    expect(upcomingSessions(sessions, NOW).map((s) => s.id)).toEqual(['next']);
  });
});

describe('registrationNotice', () => {
  it('is open for a public activity with an upcoming session', () => {
    expect(registrationNotice('public', [{ periodId: null }], [], NOW, 'fr')).toEqual({
      open: true,
      message: null,
      opensAt: null,
    });
  });

  it('says nothing is scheduled, or that a non-public activity is on request', () => {
    expect(registrationNotice('public', [], [], NOW, 'fr').message).toBe(
      "Aucune séance n'est programmée pour le moment.",
    );
    expect(registrationNotice('protected', [], [], NOW, 'en')).toEqual({
      open: false,
      message: 'Registration on request to the organisation.',
      opensAt: null,
    });
    expect(registrationNotice('private', [{ periodId: null }], [], NOW, 'fr').message).toBe(
      "Inscription sur demande auprès de l'organisation.",
    );
  });

  it("gives the first opening when every session waits for its period, in the organisation's zone", () => {
    const notice = registrationNotice(
      'protected',
      [{ periodId: 'per_a' }, { periodId: 'per_b' }, { periodId: 'per_a' }],
      [
        { opensAt: LATER, timeZone: ZONE },
        { opensAt: SOONER, timeZone: ZONE },
      ],
      NOW,
      'fr',
    );
    expect(notice).toEqual({
      open: false,
      message: 'Inscriptions ouvertes le 01/09/2027.',
      opensAt: SOONER.toISOString(),
    });
  });

  it('is open as soon as one period is open, has no opening, or was not found', () => {
    const upcoming = [{ periodId: 'per_a' }, { periodId: 'per_b' }];
    const open = { open: true, message: null, opensAt: null };
    expect(registrationNotice('public', upcoming, [{ opensAt: LATER, timeZone: ZONE }], NOW, 'fr')).toEqual(
      open,
    );
    expect(
      registrationNotice(
        'public',
        upcoming,
        [
          { opensAt: LATER, timeZone: ZONE },
          { opensAt: null, timeZone: ZONE },
        ],
        NOW,
        'fr',
      ),
    ).toEqual(open);
    expect(registrationNotice('public', [...upcoming, { periodId: null }], [], NOW, 'fr')).toEqual(open);
  });
});
