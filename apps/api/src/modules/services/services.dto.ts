import {
  displayName,
  type Locale,
  PRESTATION_STATUSES,
  SESSION_STATUSES,
  computeSessionSeats,
  sessionSeatsSchema,
} from '@inscrio/shared';
import { z } from 'zod';
import type { HolderRow, ServiceView } from './services.repository';

/** Seats as every session answer gives them (computeSessionSeats: -1 free seats when unlimited, a whole percent). */
export const seatsSchema = sessionSeatsSchema;

export const serviceHolderSchema = z.object({ id: z.string(), displayName: z.string() });

export const serviceSchema = z.object({
  id: z.string(),
  blueprintId: z.string(),
  blueprintName: z.string(),
  colorCode: z.string(),
  establishmentId: z.string(),
  periodId: z.string().nullable(),
  seriesId: z.string().nullable(),
  startDateTime: z.string(),
  /** The date first announced, when postponed. */
  originalStartDateTime: z.string().nullable(),
  /** Minutes. */
  duration: z.number().int(),
  status: z.enum(SESSION_STATUSES.values),
  seats: seatsSchema,
  holders: z.array(serviceHolderSchema),
});

export const prestationSummarySchema = z.object({
  id: z.string(),
  holderUserId: z.string(),
  holderName: z.string(),
  status: z.enum(PRESTATION_STATUSES.values),
  absenceNote: z.string().nullable(),
});

/** Filled by the registrations issue; the shape the session page lists. */
export const attendeeSchema = z.object({ id: z.string(), displayName: z.string(), status: z.string() });

/** Who comes to a session (`GET /services/{id}/participants`), as its holder sees them. */
export const comingParticipantSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  status: z.enum(['confirmed', 'absent']),
  /** Age in whole months on the day of the session; null when the birthdate is unknown. */
  ageMonths: z.number().int().nullable(),
  /** A phone number of the family: the participant's own, else that of one of its accounts. */
  familyPhone: z.string().nullable(),
});

export const comingParticipantListSchema = z.object({
  items: z.array(comingParticipantSchema),
  /** Confirmed participants (those marked absent are listed but not counted). */
  coming: z.number().int(),
});

export const serviceDetailSchema = serviceSchema.extend({
  attendees: z.array(attendeeSchema),
  prestations: z.array(prestationSummarySchema),
});

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const serviceListSchema = pageOf(serviceSchema);

export const createdServicesSchema = z.object({
  /** True when nothing was written (the form's preview). */
  preview: z.boolean(),
  seriesId: z.string().nullable(),
  duration: z.number().int(),
  maxSeats: z.number().int(),
  count: z.number().int(),
  items: z.array(
    z.object({
      /** Null in a preview. */
      id: z.string().nullable(),
      startDateTime: z.string(),
      /** Local date and time in the organisation's time zone. */
      date: z.string(),
      time: z.string(),
    }),
  ),
});

export const prestationSchema = z.object({
  id: z.string(),
  status: z.enum(PRESTATION_STATUSES.values),
  absenceNote: z.string().nullable(),
  service: z.object({
    id: z.string(),
    blueprintId: z.string(),
    blueprintName: z.string(),
    colorCode: z.string(),
    establishmentId: z.string(),
    startDateTime: z.string(),
    duration: z.number().int(),
    status: z.enum(SESSION_STATUSES.values),
  }),
  holder: z.object({ id: z.string(), displayName: z.string(), email: z.string() }),
});

export const holderSchema = z.object({ id: z.string(), displayName: z.string(), email: z.string() });
export const holderListSchema = pageOf(holderSchema);

export type ServiceDto = z.infer<typeof serviceSchema>;
export type PrestationSummaryDto = z.infer<typeof prestationSummarySchema>;

export const seatsOf = computeSessionSeats;

const sessionStatus = (status: string) => (SESSION_STATUSES.is(status) ? status : 'confirmed');
const prestationStatus = (status: string) => (PRESTATION_STATUSES.is(status) ? status : 'assigned');

export const holderName = (holder: Omit<HolderRow, 'id'>, locale: Locale) =>
  displayName(holder, 'holder', locale);

export interface PrestationWithHolder {
  id: string;
  serviceId: string;
  holderUserId: string;
  status: string;
  absenceNote: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export const toServiceDto = (
  service: ServiceView,
  prestations: readonly PrestationWithHolder[],
  locale: Locale,
): ServiceDto => ({
  id: service.id,
  blueprintId: service.blueprintId,
  blueprintName: service.blueprintName,
  colorCode: service.colorCode,
  establishmentId: service.establishmentId,
  periodId: service.periodId,
  seriesId: service.seriesId,
  startDateTime: service.startDateTime.toISOString(),
  originalStartDateTime: service.originalStartDateTime?.toISOString() ?? null,
  duration: service.duration,
  status: sessionStatus(service.status),
  seats: seatsOf(service.maxSeats, service.reservedSeats),
  holders: prestations.map((p) => ({ id: p.holderUserId, displayName: holderName(p, locale) })),
});

export const toPrestationSummaryDto = (p: PrestationWithHolder, locale: Locale): PrestationSummaryDto => ({
  id: p.id,
  holderUserId: p.holderUserId,
  holderName: holderName(p, locale),
  status: prestationStatus(p.status),
  absenceNote: p.absenceNote,
});

export const toPrestationDto = (
  row: {
    prestation: { id: string; status: string; absenceNote: string | null };
    service: ServiceView;
    holder: HolderRow;
  },
  locale: Locale,
): z.infer<typeof prestationSchema> => ({
  id: row.prestation.id,
  status: prestationStatus(row.prestation.status),
  absenceNote: row.prestation.absenceNote,
  service: {
    id: row.service.id,
    blueprintId: row.service.blueprintId,
    blueprintName: row.service.blueprintName,
    colorCode: row.service.colorCode,
    establishmentId: row.service.establishmentId,
    startDateTime: row.service.startDateTime.toISOString(),
    duration: row.service.duration,
    status: sessionStatus(row.service.status),
  },
  holder: { id: row.holder.id, displayName: holderName(row.holder, locale), email: row.holder.email },
});

export const toHolderDto = (holder: HolderRow, locale: Locale): z.infer<typeof holderSchema> => ({
  id: holder.id,
  displayName: holderName(holder, locale),
  email: holder.email,
});
