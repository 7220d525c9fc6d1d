import { z } from 'zod';
import type { PeriodView } from './periods.repository';

export const periodDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  establishmentId: z.string(),
  establishmentName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  registrationOpensAt: z.string().nullable(),
  /** The period this one was planned from. */
  previousPeriodId: z.string().nullable(),
  servicesCount: z.number().int(),
  registrationsCount: z.number().int(),
});

export type PeriodDto = z.infer<typeof periodDtoSchema>;

export const periodListSchema = z.object({
  items: z.array(periodDtoSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const periodServicesResultSchema = z.object({
  /** Sessions whose period changed. */
  updated: z.number().int(),
});

const holderSchema = z.object({ id: z.string(), displayName: z.string() });

export const planNextPreviewSchema = z.object({
  sourcePeriodId: z.string(),
  weeks: z.number().int(),
  /** Proposed, editable. */
  name: z.string(),
  establishmentId: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** The source's opening shifted by the same weeks (same local time), if it had one. */
  registrationOpensAt: z.string().nullable(),
  services: z.array(
    z.object({
      sourceServiceId: z.string(),
      blueprintId: z.string(),
      blueprintName: z.string(),
      colorCode: z.string(),
      sourceStartDateTime: z.string(),
      startDateTime: z.string(),
      /** Local date and time in the organisation's time zone. */
      date: z.string(),
      time: z.string(),
      duration: z.number().int(),
      maxSeats: z.number().int(),
      sourceSeriesId: z.string().nullable(),
      holders: z.array(holderSchema),
    }),
  ),
});

export const planNextResultSchema = z.object({
  periodId: z.string(),
  servicesCount: z.number().int(),
  prestationsCount: z.number().int(),
  seriesCount: z.number().int(),
});

export const toPeriodDto = (
  period: PeriodView,
  servicesCount: number,
  registrationsCount = 0,
): PeriodDto => ({
  id: period.id,
  name: period.name,
  establishmentId: period.establishmentId,
  establishmentName: period.establishmentName,
  startDate: period.startDate,
  endDate: period.endDate,
  registrationOpensAt: period.registrationOpensAt?.toISOString() ?? null,
  previousPeriodId: period.previousPeriodId,
  servicesCount,
  registrationsCount,
});
