import { periodSchema } from '@inscrio/shared';
import { describe, expect, it } from 'vitest';
import { instantToLocal, localToInstant, openingOf, toPeriodPayload } from './period-form-model';

describe('the period form model', () => {
  it('reads the registration opening in the organisation time zone, across the daylight-saving change', () => {
    expect(localToInstant('2026-12-04', '09:00', 'Europe/Brussels')).toBe('2026-12-04T08:00:00.000Z');
    expect(localToInstant('2026-07-01', '09:00', 'Europe/Brussels')).toBe('2026-07-01T07:00:00.000Z');
    expect(instantToLocal('2026-12-04T08:00:00.000Z', 'Europe/Brussels')).toEqual({
      date: '2026-12-04',
      time: '09:00',
    });
  });

  it('sends no opening when both inputs are empty, and a half-filled one as typed (rejected)', () => {
    expect(openingOf('', '', 'Europe/Brussels')).toBeNull();
    const payload = toPeriodPayload(
      {
        name: 'Été',
        startDate: '2027-07-01',
        endDate: '2027-06-30',
        opensDate: '2027-05-01',
        opensTime: '',
        establishmentId: '',
      },
      'Europe/Brussels',
    );
    const issues = periodSchema('fr').safeParse(payload).error?.issues ?? [];
    expect(Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]))).toEqual({
      registrationOpensAt: 'Date et heure invalides',
      endDate: 'La date de fin ne peut pas être antérieure à la date de début',
    });
  });
});
