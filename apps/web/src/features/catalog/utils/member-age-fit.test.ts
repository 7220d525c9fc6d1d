import { describe, expect, it } from 'vitest';
import { memberAgeFit } from './member-age-fit';

const SIX_TO_TWELVE = [72, 144] as const;

describe("a family member's fit with an activity's ages", () => {
  it('fits « 6-12 ans » from the 6th birthday until the day before the 13th, on each session date', () => {
    const sessions = [{ id: 'svc_1', day: '2027-05-09' }];
    expect(memberAgeFit('2014-05-10', sessions, ...SIX_TO_TWELVE)).toBeNull(); // 13 the next day
    expect(memberAgeFit('2014-05-09', sessions, ...SIX_TO_TWELVE)).toEqual({
      kind: 'too-old',
      ageMonths: 156,
      serviceIds: ['svc_1'],
      total: 1,
    });
    expect(memberAgeFit('2021-05-10', sessions, ...SIX_TO_TWELVE)).toMatchObject({
      kind: 'too-young',
      ageMonths: 71,
    });
  });

  it('names the sessions a child does not fit, when a birthday falls between them', () => {
    const sessions = [
      { id: 'svc_2', day: '2027-06-01' },
      { id: 'svc_1', day: '2027-05-01' },
    ];
    expect(memberAgeFit('2021-05-15', sessions, ...SIX_TO_TWELVE)).toEqual({
      kind: 'too-young',
      ageMonths: 71,
      serviceIds: ['svc_1'],
      total: 2,
    });
  });

  it('has nothing to say without limits or sessions; an unknown birthdate is marked', () => {
    const sessions = [{ id: 'svc_1', day: '2027-05-01' }];
    expect(memberAgeFit('2021-05-15', sessions, null, 0)).toBeNull();
    expect(memberAgeFit('2021-05-15', [], ...SIX_TO_TWELVE)).toBeNull();
    expect(memberAgeFit(null, sessions, ...SIX_TO_TWELVE)).toEqual({
      kind: 'unknown',
      serviceIds: ['svc_1'],
      total: 1,
    });
  });
});
