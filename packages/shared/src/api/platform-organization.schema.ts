import { z } from 'zod';
import { defineEnum, type EnumValue, LICENCE_PLANS } from '../enums';
import type { Locale } from '../locale';
import { requiredEnum } from '../validation/fields';
import { message } from '../validation/messages';
import { SORT_ORDERS } from './members.schema';
import { pageQueryFields } from './service.schema';

/*
 * The organisations as the platform staff see them (`GET /organizations`, `GET /organizations/{id}/overview`)
 * and the system administrator's actions on them (archive, maintenance, licence plan).
 */

/** Where an organisation stands: open, in maintenance (its members see a maintenance page), archived. */
export const ORGANIZATION_STATES = defineEnum(['active', 'maintenance', 'archived'], {
  fr: { active: 'Active', maintenance: 'En maintenance', archived: 'Archivée' },
  en: { active: 'Active', maintenance: 'In maintenance', archived: 'Archived' },
});
export type OrganizationState = EnumValue<typeof ORGANIZATION_STATES>;

/** The state of an organisation from its two columns: archived wins over maintenance. */
export const organizationState = (row: {
  maintenance: boolean;
  archivedAt: Date | string | null;
}): OrganizationState => (row.archivedAt ? 'archived' : row.maintenance ? 'maintenance' : 'active');

export const PLATFORM_ORGANIZATION_SORTS = ['name', 'key', 'createdAt', 'lastActivityAt', 'members'] as const;
export type PlatformOrganizationSort = (typeof PLATFORM_ORGANIZATION_SORTS)[number];

/** `GET /organizations`: search by name or key, filters, sort and page. */
export const platformOrganizationListQuerySchema = (locale: Locale) =>
  z.object({
    q: z
      .string({ error: message('format', locale) })
      .trim()
      .max(100, { error: message('maxLength', locale, { max: 100 }) })
      .optional(),
    plan: requiredEnum(LICENCE_PLANS.values, locale).optional(),
    state: requiredEnum(ORGANIZATION_STATES.values, locale).optional(),
    sort: requiredEnum(PLATFORM_ORGANIZATION_SORTS, locale).default('name'),
    order: requiredEnum(SORT_ORDERS, locale).default('asc'),
    ...pageQueryFields(locale),
  });
export type PlatformOrganizationListQuery = z.infer<ReturnType<typeof platformOrganizationListQuerySchema>>;

/** `POST /organizations/{id}/licence`: move the organisation to this plan now. */
export const changeLicencePlanSchema = (locale: Locale) =>
  z.object({ planKey: requiredEnum(LICENCE_PLANS.values, locale) }, { error: message('required', locale) });
export type ChangeLicencePlanInput = z.infer<ReturnType<typeof changeLicencePlanSchema>>;

const iso = z.string().max(40);
const planKey = z.enum(LICENCE_PLANS.values);

/** One row of `GET /organizations`. */
export const platformOrganizationRowSchema = z.object({
  id: z.string().max(100),
  key: z.string().max(100),
  name: z.string().max(500),
  isSystem: z.boolean(),
  state: z.enum(ORGANIZATION_STATES.values),
  planKey: planKey.nullable(),
  licenceEndsAt: iso.nullable(),
  members: z.number().int().min(0).max(100_000_000),
  confirmedParticipantsThisMonth: z.number().int().min(0).max(100_000_000),
  lastActivityAt: iso.nullable(),
  createdAt: iso,
});
export type PlatformOrganizationRow = z.infer<typeof platformOrganizationRowSchema>;

export const platformOrganizationPageSchema = z.object({
  items: z.array(platformOrganizationRowSchema).max(100),
  total: z.number().int().min(0).max(100_000_000),
  page: z.number().int().min(1).max(1_000_000),
  pageSize: z.number().int().min(1).max(100),
});
export type PlatformOrganizationPage = z.infer<typeof platformOrganizationPageSchema>;

const licenceSchema = z.object({
  id: z.string().max(100),
  planKey,
  startsAt: iso,
  endsAt: iso.nullable(),
  endedAt: iso.nullable(),
});

/** `GET /organizations/{id}/overview`: what the platform staff see of one organisation. */
export const platformOrganizationOverviewSchema = z.object({
  id: z.string().max(100),
  key: z.string().max(100),
  name: z.string().max(500),
  isSystem: z.boolean(),
  state: z.enum(ORGANIZATION_STATES.values),
  maintenance: z.boolean(),
  archivedAt: iso.nullable(),
  timeZone: z.string().max(100),
  defaultLocale: z.string().max(10),
  contactEmail: z.string().max(500).nullable(),
  contactPhone: z.string().max(100).nullable(),
  createdAt: iso,
  lastActivityAt: iso.nullable(),
  billing: z.object({
    email: z.string().max(500).nullable(),
    phone: z.string().max(100).nullable(),
    address: z.string().max(1000).nullable(),
    city: z.string().max(500).nullable(),
    postalCode: z.string().max(100).nullable(),
    country: z.string().max(10).nullable(),
    vatNumber: z.string().max(100).nullable(),
    vatRegime: z.string().max(100),
  }),
  licence: licenceSchema.nullable(),
  licenceHistory: z.array(licenceSchema).max(1000),
  /** The last 12 months, oldest first: `month` is 'yyyy-MM' in the organisation's time zone. */
  usage: z
    .array(
      z.object({
        month: z.string().max(7),
        confirmedParticipants: z.number().int().min(0).max(100_000_000),
        ordersTotalCents: z.number().int().min(-1_000_000_000_000).max(1_000_000_000_000),
      }),
    )
    .max(12),
  administrators: z
    .array(
      z.object({
        userId: z.string().max(100),
        name: z.string().max(500),
        email: z.string().max(500),
        role: z.string().max(50),
      }),
    )
    .max(1000),
  members: z.number().int().min(0).max(100_000_000),
  /** What the caller may do: system administrators act, support reads. */
  canAct: z.boolean(),
});
export type PlatformOrganizationOverview = z.infer<typeof platformOrganizationOverviewSchema>;
