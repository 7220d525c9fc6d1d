import { DEFAULT_ESTABLISHMENT_ID } from '@inscrio/shared';
import { z } from 'zod';
import type { EstablishmentWithZone } from './establishments.repository';

/** An establishment as managers and members see it. */
export const establishmentDtoSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** The organisation's time zone: establishments inherit it and cannot change it. */
  timeZone: z.string(),
  /** `est_default`, which every organisation has and which cannot be deleted. */
  isDefault: z.boolean(),
  /** Activities (blueprints not archived) of the establishment. */
  activityCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type EstablishmentDto = z.infer<typeof establishmentDtoSchema>;

/** What anyone may know about an establishment (the organisation's public pages). */
export const publicEstablishmentDtoSchema = establishmentDtoSchema.pick({
  id: true,
  name: true,
  address: true,
  city: true,
  postalCode: true,
  country: true,
});

export type PublicEstablishmentDto = z.infer<typeof publicEstablishmentDtoSchema>;

/** A page of a list: `page` is 1-based. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const toEstablishmentDto = (row: EstablishmentWithZone, activityCount: number): EstablishmentDto => ({
  id: row.id,
  organizationId: row.organizationId,
  name: row.name,
  address: row.address,
  city: row.city,
  postalCode: row.postalCode,
  country: row.country,
  contactEmail: row.contactEmail,
  contactPhone: row.contactPhone,
  timeZone: row.timeZone,
  isDefault: row.id === DEFAULT_ESTABLISHMENT_ID,
  activityCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toPublicEstablishmentDto = (row: EstablishmentWithZone): PublicEstablishmentDto => ({
  id: row.id,
  name: row.name,
  address: row.address,
  city: row.city,
  postalCode: row.postalCode,
  country: row.country,
});
