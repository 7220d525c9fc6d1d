import { z } from 'zod';
import { DOCUMENT_KINDS, defineEnum, type DocumentKind, type EnumValue } from '../enums';
import type { Locale } from '../locale';
import { optionalText, requiredEnum } from '../validation/fields';
import { TEXT_LIMITS } from '../validation/limits';
import { message } from '../validation/messages';
import { entityIdField, isoDateField, pageQueryFields } from './service.schema';

/*
 * Documents (`/documents`, issue #18): one list per viewer across the stored documents (legal uploads,
 * certificates, reports) and the billing documents (invoices, credit notes, orders) read from their own
 * tables. Routes:
 *
 * everyone  GET /documents (a family: its own and the published legal documents; managers: all, filtered)
 *           GET /documents/{id}/file (a stored document's bytes)
 * managers  POST /documents/legal (multipart: file, kind, title) · POST /documents/{id}/publish
 *           POST /reports (a report built by a background job) · GET /documents/{id} (its progress)
 */

/** The legal documents a manager uploads (a PDF) and publishes as a new version. */
export const LEGAL_DOCUMENT_KINDS = ['legal.roi', 'legal.mentions', 'legal.other'] as const;
export type LegalDocumentKind = (typeof LEGAL_DOCUMENT_KINDS)[number];

/** The reports a manager asks for; each is built by a background job and kept as a document. */
export const REPORT_KINDS = ['report.orders', 'report.planning-activities', 'report.members-list'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_FORMATS = defineEnum(['csv', 'pdf'], {
  fr: { csv: 'CSV (tableur)', pdf: 'PDF (impression)' },
  en: { csv: 'CSV (spreadsheet)', pdf: 'PDF (printing)' },
});
export type ReportFormat = EnumValue<typeof REPORT_FORMATS>;

/** Where a listed document's bytes come from: a stored file, or a billing document drawn from its row. */
export const DOCUMENT_SOURCES = ['stored', 'invoice', 'credit-note', 'order'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

/** A stored document's state: a background job fills it (`pending`, `running`), then it is `ready` or `failed`. */
export const DOCUMENT_STATUSES = defineEnum(['pending', 'running', 'ready', 'failed'], {
  fr: { pending: 'En attente', running: 'En cours', ready: 'Prêt', failed: 'Échec' },
  en: { pending: 'Waiting', running: 'In progress', ready: 'Ready', failed: 'Failed' },
});
export type StoredDocumentStatus = EnumValue<typeof DOCUMENT_STATUSES>;

/** The list's « upload » filter: documents a manager uploaded, or those the platform made. */
export const DOCUMENT_ORIGINS = defineEnum(['uploaded', 'generated'], {
  fr: { uploaded: 'Déposés par un gestionnaire', generated: 'Générés par la plateforme' },
  en: { uploaded: 'Uploaded by a manager', generated: 'Made by the platform' },
});
export type DocumentOrigin = EnumValue<typeof DOCUMENT_ORIGINS>;

/** A legal upload's size limit: 10 MB. */
export const LEGAL_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** A report covers at most this many days (a year and a day: a school year with its margins). */
export const REPORT_MAX_DAYS = 400;

export const DOCUMENT_MESSAGES = {
  reportRange: {
    fr: `La période doit aller du premier au dernier jour, ${REPORT_MAX_DAYS} jours au plus`,
    en: `The range must run from the first to the last day, ${REPORT_MAX_DAYS} days at most`,
  },
  fileRequired: { fr: 'Choisissez un fichier PDF', en: 'Choose a PDF file' },
} as const satisfies Record<string, Record<Locale, string>>;

/** One row of `GET /documents`. */
export const documentListItemSchema = z.object({
  /** The stored document's id, or the invoice's, credit note's, order's. */
  id: z.string(),
  source: z.enum(DOCUMENT_SOURCES),
  kind: z.enum(DOCUMENT_KINDS.values),
  title: z.string(),
  /** The invoice or credit note number; null for the others. */
  number: z.string().nullable(),
  /** When it was made, uploaded, issued or published: ISO instant. */
  date: z.string(),
  status: z.enum(DOCUMENT_STATUSES.values),
  /** A background job's progress, while it runs. */
  progressDone: z.number().int().nullable(),
  progressTotal: z.number().int().nullable(),
  /** Bytes of a stored document (null for billing documents, drawn when asked). */
  byteSize: z.number().int().nullable(),
  /** Whose it is: the member's name when it concerns one. */
  /** The member it concerns, to filter the list on them (null: none, or the account's own order). */
  memberId: z.string().nullable(),
  memberName: z.string().nullable(),
  /** A legal document's version and publication (null: a draft only managers see). */
  version: z.number().int().nullable(),
  publishedAt: z.string().nullable(),
  /** Why a background job failed. */
  failureReason: z.string().nullable(),
  /** The API path the file is downloaded from (`/documents/{id}/file`, `/invoices/{id}/pdf`, …). */
  downloadPath: z.string(),
  fileName: z.string(),
});
export type DocumentListItem = z.infer<typeof documentListItemSchema>;

export const documentListSchema = z.object({
  items: z.array(documentListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DocumentList = z.infer<typeof documentListSchema>;

/** `GET /documents`: filters (a family's list takes `kind` and the dates; managers' take them all). */
export const documentListQuerySchema = (locale: Locale) =>
  z.object({
    kind: z.enum(DOCUMENT_KINDS.values, { error: message('choice', locale) }).optional(),
    origin: z.enum(DOCUMENT_ORIGINS.values, { error: message('choice', locale) }).optional(),
    memberId: entityIdField(locale).optional(),
    periodId: entityIdField(locale).optional(),
    from: isoDateField(locale).optional(),
    to: isoDateField(locale).optional(),
    ...pageQueryFields(locale),
  });
export type DocumentListQuery = z.infer<ReturnType<typeof documentListQuerySchema>>;

/** The text fields of `POST /documents/legal` (multipart, beside the `file`). */
export const legalUploadFieldsSchema = (locale: Locale) =>
  z.object({
    kind: requiredEnum(LEGAL_DOCUMENT_KINDS, locale),
    title: optionalText(locale, 0, TEXT_LIMITS.line),
  });
export type LegalUploadFields = z.infer<ReturnType<typeof legalUploadFieldsSchema>>;

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** `POST /reports`: which report, its format and the days it covers, optionally one activity or session. */
export const reportRequestSchema = (locale: Locale) =>
  z
    .strictObject(
      {
        kind: requiredEnum(REPORT_KINDS, locale),
        format: requiredEnum(REPORT_FORMATS.values, locale),
        from: isoDateField(locale),
        to: isoDateField(locale),
        blueprintId: entityIdField(locale).optional(),
        serviceId: entityIdField(locale).optional(),
      },
      { error: message('object', locale) },
    )
    .superRefine((value, ctx) => {
      if (typeof value.from !== 'string' || typeof value.to !== 'string') return;
      const days = dayCount(value.from, value.to);
      if (days < 0 || days > REPORT_MAX_DAYS) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: DOCUMENT_MESSAGES.reportRange[locale] });
      }
    });
export type ReportRequest = z.infer<ReturnType<typeof reportRequestSchema>>;

/** A stored document as its maker follows it (`POST /reports`, `GET /documents/{id}`). */
export const storedDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS.values),
  title: z.string(),
  fileName: z.string(),
  status: z.enum(DOCUMENT_STATUSES.values),
  progressDone: z.number().int().nullable(),
  progressTotal: z.number().int().nullable(),
  byteSize: z.number().int(),
  version: z.number().int().nullable(),
  publishedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export type StoredDocument = z.infer<typeof storedDocumentSchema>;

export const isLegalKind = (kind: DocumentKind): kind is LegalDocumentKind =>
  (LEGAL_DOCUMENT_KINDS as readonly string[]).includes(kind);
