import { describe, expect, it } from 'vitest';
import type { PeriodService } from '../api/types';
import { groupSessions } from './session-groups';

const session = (id: string, start: string, seriesId: string | null, name = 'Judo'): PeriodService => ({
  id,
  blueprintId: 'bp_1',
  blueprintName: name,
  colorCode: '#2563EB',
  establishmentId: 'est_default',
  periodId: null,
  seriesId,
  startDateTime: start,
  originalStartDateTime: null,
  duration: 60,
  status: 'confirmed',
  seats: { maxSeats: 10, reservedSeats: 0, freeSeats: 10, fillingRate: 0 },
  holders: [],
});

describe('grouping sessions by series', () => {
  it('puts a series together with its weekly slots Monday first, and a lone session apart', () => {
    const groups = groupSessions(
      [
        session('s3', '2026-10-28T16:00:00.000Z', 'ser_1'),
        session('s1', '2026-10-19T15:00:00.000Z', 'ser_1'),
        session('s2', '2026-10-21T15:00:00.000Z', 'ser_1'),
        session('s4', '2026-11-02T16:00:00.000Z', null, 'Anniversaire'),
      ],
      'Europe/Brussels',
      'fr',
    );
    expect(groups.map((group) => [group.key, group.serviceIds, group.slots])).toEqual([
      ['s4', ['s4'], 'lun. 17:00'],
      // 17:00 local before and after the end of daylight-saving time (25 October).
      ['ser_1', ['s1', 's2', 's3'], 'lun. 17:00 · mer. 17:00'],
    ]);
  });
});
