import { z } from 'zod';
import { AUDIT_EVENTS } from '../enums';
import type { Locale } from '../locale';
import { isCalendarDate } from '../validation/fields';
import { TEXT_LIMITS } from '../validation/limits';
import { message } from '../validation/messages';

/*
 * The audit trail's reading (`GET /audit-events`, `GET /audit-events/export.csv`, for managers) and the
 * screen `/audit` of the organisation section.
 */

/** What a list may be narrowed to: the events about one member, participant, order or invoice. */
export const AUDIT_SUBJECT_FILTERS = ['member', 'participant', 'order', 'invoice'] as const;
export type AuditSubjectFilter = (typeof AUDIT_SUBJECT_FILTERS)[number];

/** Rows of a CSV export at most; the export says when it was cut. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;
export const AUDIT_PAGE_SIZE_MAX = 100;

const optionalId = (locale: Locale) =>
  z
    .string({ error: message('format', locale) })
    .trim()
    .max(TEXT_LIMITS.id, { error: message('maxLength', locale, { max: TEXT_LIMITS.id }) })
    .regex(/^[A-Za-z0-9_-]*$/, { error: message('format', locale) })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

const optionalDay = (locale: Locale) =>
  z
    .string({ error: message('date', locale) })
    .max(TEXT_LIMITS.date, { error: message('date', locale) })
    .refine((v) => v === '' || (isCalendarDate(v) && v >= '1900-01-01' && v <= '2199-12-31'), {
      error: message('date', locale),
    })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, locale: Locale) =>
  z
    .enum(['', ...values] as unknown as readonly [string, ...string[]], { error: message('choice', locale) })
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : (v as T[number])));

/** Filters shared by the list and the export; days are read in the organisation's time zone, inclusive. */
const auditFilterFields = (locale: Locale) => ({
  type: optionalChoice(AUDIT_EVENTS.values, locale),
  actorUserId: optionalId(locale),
  subjectType: optionalChoice(AUDIT_SUBJECT_FILTERS, locale),
  subjectId: optionalId(locale),
  from: optionalDay(locale),
  to: optionalDay(locale),
});

type Filters = { subjectType?: string; subjectId?: string; from?: string; to?: string };

function checkFilters(value: Filters, ctx: z.RefinementCtx, locale: Locale) {
  if (value.subjectId && !value.subjectType)
    ctx.addIssue({ code: 'custom', path: ['subjectType'], message: message('required', locale) });
  if (value.from && value.to && value.to < value.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: message('endBeforeStart', locale) });
}

const wholeParam = (locale: Locale, max: number) =>
  z.coerce
    .number({ error: message('format', locale) })
    .int({ error: message('integer', locale) })
    .min(1, { error: message('positive', locale) })
    .max(max, { error: message('maxValue', locale, { max }) });

/** `GET /audit-events`: filters and page (`page` 1-based, newest first). */
export const auditEventListQuerySchema = (locale: Locale) =>
  z
    .object({
      ...auditFilterFields(locale),
      page: wholeParam(locale, 100_000).default(1),
      pageSize: wholeParam(locale, AUDIT_PAGE_SIZE_MAX).default(20),
    })
    .superRefine((value, ctx) => checkFilters(value, ctx, locale));

/** `GET /audit-events/export.csv`: the same filters, every row up to the export limit. */
export const auditEventExportQuerySchema = (locale: Locale) =>
  z.object(auditFilterFields(locale)).superRefine((value, ctx) => checkFilters(value, ctx, locale));

/** What the screen keeps in its address: the filters and the page, each checked alone. */
export const auditEventUrlSchema = (locale: Locale) =>
  z.object({ ...auditFilterFields(locale), page: wholeParam(locale, 100_000).default(1) });

export type AuditEventListQuery = z.infer<ReturnType<typeof auditEventListQuerySchema>>;
export type AuditEventExportQuery = z.infer<ReturnType<typeof auditEventExportQuerySchema>>;

/** What the list shows of one event. Ids let the screen link to the subject's page. */
export const auditEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  typeLabel: z.string(),
  createdAt: z.string(),
  actor: z.object({ userId: z.string(), name: z.string() }).nullable(),
  impersonator: z.object({ userId: z.string(), name: z.string() }).nullable(),
  subject: z.object({ type: z.string(), id: z.string(), label: z.string() }).nullable(),
  /** The member, participant, order and invoice the event is about, when it names them. */
  links: z.object({
    memberUserId: z.string().nullable(),
    participantId: z.string().nullable(),
    orderId: z.string().nullable(),
    invoiceId: z.string().nullable(),
  }),
});
export type AuditEventItem = z.infer<typeof auditEventSchema>;

export const auditEventPageSchema = z.object({
  items: z.array(auditEventSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditEventPage = z.infer<typeof auditEventPageSchema>;
