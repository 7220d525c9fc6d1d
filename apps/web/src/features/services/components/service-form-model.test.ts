import { createServiceSchema } from '@inscrio/shared';
import { describe, expect, it } from 'vitest';
import { emptyServiceForm, toServicePayload } from './service-form-model';

describe('the session form model', () => {
  it('builds a weekly series with its days Monday first and the seats -1 when unlimited', () => {
    const payload = toServicePayload({
      ...emptyServiceForm('bp_1'),
      series: {
        daysOfWeek: ['3', '1'],
        time: '17:00',
        fromDate: '2026-09-01',
        toDate: '2026-12-20',
        skipDates: ['2026-11-11', '2026-11-02'],
      },
      duration: '60',
      unlimitedSeats: true,
      maxSeats: '12',
    });
    expect(payload).toEqual({
      blueprintId: 'bp_1',
      series: {
        daysOfWeek: [1, 3],
        time: '17:00',
        fromDate: '2026-09-01',
        toDate: '2026-12-20',
        skipDates: ['2026-11-02', '2026-11-11'],
      },
      duration: 60,
      maxSeats: -1,
      periodId: null,
      holderIds: [],
    });
    expect(createServiceSchema('fr').safeParse(payload).success).toBe(true);
  });

  it('gives the shared messages for a missing day, date or time', () => {
    const series = createServiceSchema('fr').safeParse(toServicePayload(emptyServiceForm('bp_1')));
    const messages = Object.fromEntries(
      (series.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages['series.daysOfWeek']).toBe('Choisissez au moins un jour de la semaine');
    expect(messages['series.time']).toBe('Ce champs est requis');
    const single = createServiceSchema('fr').safeParse(
      toServicePayload({ ...emptyServiceForm('bp_1'), mode: 'single', date: '2026-09-01' }),
    );
    expect(single.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['time', 'Ce champs est requis'],
    ]);
  });
});
