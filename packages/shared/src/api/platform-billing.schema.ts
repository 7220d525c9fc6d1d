import { z } from 'zod';
import { INVOICE_STATUSES, LICENCE_PLANS } from '../enums';
import type { Locale } from '../locale';
import { message } from '../validation/messages';
import { invoiceDetailSchema } from './invoice.schema';

/*
 * Licences and platform billing (issue 16). Routes:
 *
 * signed in            GET /licences/pricing-plans/{key}
 * system administrator POST /licences/{id}/trigger-next-pricing-plan
 *                      GET /platform/statements · GET /platform/statements/export.csv (same filters)
 *                      GET /platform/statements/{id} (its invoice's PDF: GET /invoices/{invoiceId}/pdf
 *                      in the system organisation)
 * club admin, staff    GET /organizations/{id}/licence · GET /organizations/{id}/platform-invoices
 *                      GET /organizations/{id}/platform-invoices/{invoiceId}/pdf
 */

const keyPattern = /^[a-z0-9-]+$/;

/** A pricing plan key in a path: lower case letters, digits and hyphens. */
export const pricingPlanKeyParamsSchema = (locale: Locale) =>
  z.object({
    key: z
      .string({ error: message('required', locale) })
      .min(1, { error: message('required', locale) })
      .max(40, { error: message('maxLength', locale, { max: 40 }) })
      .regex(keyPattern, { error: message('identifier', locale) }),
  });

export const pricingPlanDetailSchema = z.object({
  key: z.enum(LICENCE_PLANS.values),
  name: z.string(),
  /** Cents per month (VAT included). */
  monthlyFee: z.number().int(),
  /** Cents per confirmed participant of the month. */
  participantFee: z.number().int(),
  /** Days a licence on this plan lasts before moving to the next plan (0: no end). */
  trialDays: z.number().int(),
  nextPlanKey: z.enum(LICENCE_PLANS.values).nullable(),
});
export type PricingPlanDetail = z.infer<typeof pricingPlanDetailSchema>;

export const licenceSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  planKey: z.enum(LICENCE_PLANS.values),
  startsAt: z.string(),
  /** When the plan is due to end (a free trial); null for an open-ended plan. */
  endsAt: z.string().nullable(),
  /** When it was replaced; null for the current licence. */
  endedAt: z.string().nullable(),
});
export type LicenceDto = z.infer<typeof licenceSchema>;

/** `GET /organizations/{id}/licence`: the current licence, its plan and the history (latest first). */
export const organizationLicenceSchema = z.object({
  current: licenceSchema.nullable(),
  plan: pricingPlanDetailSchema.nullable(),
  history: z.array(licenceSchema),
});
export type OrganizationLicence = z.infer<typeof organizationLicenceSchema>;

/** A month, `yyyy-MM`. */
export const monthField = (locale: Locale) =>
  z
    .string({ error: message('month', locale) })
    .max(7, { error: message('month', locale) })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: message('month', locale) });

const optionalMonth = (locale: Locale) =>
  monthField(locale)
    .optional()
    .or(z.literal('').transform(() => undefined));
const optionalOrganizationId = (locale: Locale) =>
  z
    .string()
    .trim()
    .max(100, { error: message('maxLength', locale, { max: 100 }) })
    .regex(/^[A-Za-z0-9_-]*$/, { error: message('identifier', locale) })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** `GET /platform/statements` and its CSV export. */
export const statementListQuerySchema = (locale: Locale) =>
  z.object(
    {
      page: z.coerce
        .number({ error: message('number', locale) })
        .int({ error: message('integer', locale) })
        .min(1, { error: message('minValue', locale, { min: 1 }) })
        .max(100_000, { error: message('maxValue', locale, { max: 100_000 }) })
        .default(1),
      pageSize: z.coerce
        .number({ error: message('number', locale) })
        .int({ error: message('integer', locale) })
        .min(1, { error: message('minValue', locale, { min: 1 }) })
        .max(100, { error: message('maxValue', locale, { max: 100 }) })
        .default(20),
      month: optionalMonth(locale),
      organizationId: optionalOrganizationId(locale),
      status: z
        .enum(INVOICE_STATUSES.values, { error: message('choice', locale) })
        .optional()
        .or(z.literal('').transform(() => undefined)),
    },
    { error: message('format', locale) },
  );
export type StatementListQuery = z.infer<ReturnType<typeof statementListQuerySchema>>;

export const statementSummarySchema = z.object({
  id: z.string(),
  month: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  organizationKey: z.string(),
  invoiceId: z.string(),
  number: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  status: z.enum(INVOICE_STATUSES.values),
  totalAmount: z.number().int(),
  creditedAmount: z.number().int(),
  paidAmount: z.number().int(),
  /** Cents still due: total − credited − paid, never below 0. */
  balance: z.number().int(),
  /** The invoice's PDF, for the caller (an API path under /api). */
  pdfUrl: z.string(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const statementMonthTotalSchema = z.object({
  month: z.string(),
  count: z.number().int(),
  /** Cents invoiced (VAT included). */
  totalAmount: z.number().int(),
  /** Cents still due on the month's unpaid statements. */
  dueAmount: z.number().int(),
});

export const statementPageSchema = z.object({
  items: z.array(statementSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Per month, over every statement of the filters (not only this page), latest month first. */
  months: z.array(statementMonthTotalSchema),
});
export type StatementPage = z.infer<typeof statementPageSchema>;

export const statementDetailSchema = statementSummarySchema.extend({
  invoice: invoiceDetailSchema,
});
export type StatementDetail = z.infer<typeof statementDetailSchema>;

/** `GET /organizations/{id}/platform-invoices`: the club's statements, latest first. */
export const platformInvoiceListSchema = z.object({ items: z.array(statementSummarySchema) });
export type PlatformInvoiceList = z.infer<typeof platformInvoiceListSchema>;
