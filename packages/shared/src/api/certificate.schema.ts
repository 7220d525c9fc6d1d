import { z } from 'zod';
import { defineEnum, type EnumValue } from '../enums';
import type { Locale } from '../locale';
import { isValidNationalRegisterNumber } from '../national-register';
import { firstIssue, optionalText, requiredInteger, requiredText } from '../validation/fields';
import { TEXT_LIMITS } from '../validation/limits';
import { message } from '../validation/messages';
import { entityIdField } from './service.schema';

/*
 * Certificates (issue #18): the health-mutual sport certificate (per member and activity or period), the
 * Belgian childcare tax certificate 281.86 (per child and calendar year of expenses) and, for France and
 * Luxembourg, the payment certificate (per child and year). Routes:
 *
 * family   GET /certificates/family (what it may ask for, what it has) · POST /certificates/health-mutual
 *          POST /certificates/tax · PUT /certificates/tax-identities/{memberId} · GET /certificates/{id}/file
 * managers POST /certificates/batches · GET /certificates/batches · GET /certificates/batches/{id}
 *          GET /certificates/batches/{id}/file · GET /certificates/belcotax/{year}
 * profile  GET /organizations/{id}/mutual-profile · PATCH (texts) · PUT …/mutual-profile/{seal|signature} (image)
 */

export const CERTIFICATE_KINDS = defineEnum(['health-mutual', 'tax', 'payment'], {
  fr: {
    'health-mutual': 'Attestation de mutuelle',
    tax: 'Attestation fiscale 281.86',
    payment: 'Attestation de paiement',
  },
  en: {
    'health-mutual': 'Health-mutual certificate',
    tax: 'Tax certificate 281.86',
    payment: 'Payment certificate',
  },
});
export type CertificateKind = EnumValue<typeof CERTIFICATE_KINDS>;

/** The most periods (lines) one 281.86 certificate carries; more make a second certificate. */
export const TAX_CERTIFICATE_MAX_PERIODS = 4;
/** The seal and the signature: PNG or JPEG (transparency kept), at most 1 MB. */
export const MUTUAL_IMAGE_MAX_BYTES = 1024 * 1024;
export const MUTUAL_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const MUTUAL_IMAGES = ['seal', 'signature'] as const;
export type MutualImage = (typeof MUTUAL_IMAGES)[number];

export const CERTIFICATE_MESSAGES = {
  nationalRegisterNumber: {
    fr: 'Numéro de registre national invalide (11 chiffres, chiffre de contrôle)',
    en: 'Invalid national register number (11 digits, check digits)',
  },
  year: { fr: "L'année doit être comprise entre 2000 et 2100", en: 'The year must be between 2000 and 2100' },
  batchScope: {
    fr: 'Choisissez une période pour les attestations de mutuelle, une année pour les autres',
    en: 'Choose a period for health-mutual certificates, a year for the others',
  },
} as const satisfies Record<string, Record<Locale, string>>;

const yearField = (locale: Locale) =>
  requiredInteger(locale, 2100, CERTIFICATE_MESSAGES.year[locale]).min(2000, {
    error: CERTIFICATE_MESSAGES.year[locale],
    ...firstIssue,
  });

const nationalRegisterField = (locale: Locale) =>
  requiredText(locale, 1, 20).refine(isValidNationalRegisterNumber, {
    error: CERTIFICATE_MESSAGES.nationalRegisterNumber[locale],
    ...firstIssue,
  });

/** `PATCH /organizations/{id}/mutual-profile`: the texts printed on the certificates. */
export const mutualProfileSchema = (locale: Locale) =>
  z.strictObject(
    {
      /** « Club reconnu par la Fédération francophone de natation (n° 123) », or the municipal council. */
      recognitionText: optionalText(locale, 0, TEXT_LIMITS.note),
      signatoryName: optionalText(locale, 0, TEXT_LIMITS.personName),
      signatoryRole: optionalText(locale, 0, TEXT_LIMITS.name),
      /** The approving body of the 281.86 (Cadre I): ONE, Opgroeien, a municipality… */
      taxApprovalBody: optionalText(locale, 0, TEXT_LIMITS.organizationName),
    },
    { error: message('object', locale) },
  );
export type MutualProfileInput = z.infer<ReturnType<typeof mutualProfileSchema>>;

const imageRefSchema = z.object({ id: z.string(), url: z.string(), contentType: z.string() });

export const mutualProfileDtoSchema = z.object({
  seal: imageRefSchema.nullable(),
  signature: imageRefSchema.nullable(),
  recognitionText: z.string().nullable(),
  signatoryName: z.string().nullable(),
  signatoryRole: z.string().nullable(),
  taxApprovalBody: z.string().nullable(),
  /** Spec section 5: complete when the seal and the signature are set. */
  complete: z.boolean(),
});
export type MutualProfile = z.infer<typeof mutualProfileDtoSchema>;

/** `POST /certificates/health-mutual`: one member's activity (or one period of it). */
export const healthMutualRequestSchema = (locale: Locale) =>
  z.strictObject(
    {
      memberId: entityIdField(locale),
      blueprintId: entityIdField(locale),
      periodId: entityIdField(locale).nullish(),
    },
    { error: message('object', locale) },
  );
export type HealthMutualRequest = z.infer<ReturnType<typeof healthMutualRequestSchema>>;

/** `POST /certificates/tax`: a child's certificate for a calendar year (281.86 in Belgium, else a payment certificate). */
export const yearCertificateRequestSchema = (locale: Locale) =>
  z.strictObject(
    { memberId: entityIdField(locale), year: yearField(locale) },
    { error: message('object', locale) },
  );
export type YearCertificateRequest = z.infer<ReturnType<typeof yearCertificateRequestSchema>>;

/** `PUT /certificates/tax-identities/{memberId}`: asked only for the 281.86, stored encrypted. */
export const taxIdentitySchema = (locale: Locale) =>
  z.strictObject(
    {
      childNationalNumber: nationalRegisterField(locale),
      debtorNationalNumber: nationalRegisterField(locale),
      debtorFirstName: requiredText(locale, 1, TEXT_LIMITS.personName),
      debtorLastName: requiredText(locale, 1, TEXT_LIMITS.personName),
    },
    { error: message('object', locale) },
  );
export type TaxIdentityInput = z.infer<ReturnType<typeof taxIdentitySchema>>;

export const certificateDtoSchema = z.object({
  id: z.string(),
  kind: z.enum(CERTIFICATE_KINDS.values),
  number: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  activityName: z.string().nullable(),
  periodName: z.string().nullable(),
  year: z.number().int(),
  /** Cents: what the certificate states as paid. */
  amountCents: z.number().int(),
  /** The stored document (`GET /api/documents/{id}/file`). */
  documentId: z.string(),
  /** This API's own download: `GET /api/certificates/{id}/file` (`?duplicate=true` for a copy). */
  fileUrl: z.string(),
  issuedAt: z.string(),
});
export type CertificateDto = z.infer<typeof certificateDtoSchema>;

/** A paid registration a health-mutual certificate may be asked for. */
export const healthMutualOptionSchema = z.object({
  memberId: z.string(),
  memberName: z.string(),
  blueprintId: z.string(),
  activityName: z.string(),
  periodId: z.string().nullable(),
  periodName: z.string().nullable(),
  firstDate: z.string(),
  lastDate: z.string(),
  paidCents: z.number().int(),
  /** The latest certificate issued for it, if any. */
  certificate: certificateDtoSchema.nullable(),
  /** What was paid (or the dates) changed since that certificate: asking again issues an up-to-date one. */
  certificateOutdated: z.boolean(),
});

/** A child and a year with expenses paid: the year certificate it may ask for. */
export const yearOptionSchema = z.object({
  memberId: z.string(),
  memberName: z.string(),
  year: z.number().int(),
  paidCents: z.number().int(),
  /** The national register numbers are on file (281.86 only). */
  identityOnFile: z.boolean(),
  /** The year is over: its certificate may be asked for (its expenses are all known from 1 January on). */
  yearEnded: z.boolean(),
  certificates: z.array(certificateDtoSchema),
});

export const familyCertificatesSchema = z.object({
  /** 'tax' (Belgium: 281.86) or 'payment' (France, Luxembourg). */
  yearKind: z.enum(['tax', 'payment']),
  healthMutual: z.array(healthMutualOptionSchema),
  years: z.array(yearOptionSchema),
});
export type FamilyCertificates = z.infer<typeof familyCertificatesSchema>;
export type HealthMutualOption = z.infer<typeof healthMutualOptionSchema>;
export type YearOption = z.infer<typeof yearOptionSchema>;

/** `POST /certificates/batches`: a period's health-mutual certificates, or a year's tax or payment ones. */
export const certificateBatchRequestSchema = (locale: Locale) =>
  z
    .strictObject(
      {
        kind: z.enum(CERTIFICATE_KINDS.values, { error: message('choice', locale) }),
        periodId: entityIdField(locale).nullish(),
        year: yearField(locale).nullish(),
      },
      { error: message('object', locale) },
    )
    .refine((b) => (b.kind === 'health-mutual' ? !!b.periodId : !!b.year), {
      error: CERTIFICATE_MESSAGES.batchScope[locale],
      path: ['kind'],
    });
export type CertificateBatchRequest = z.infer<ReturnType<typeof certificateBatchRequestSchema>>;

export const CERTIFICATE_BATCH_STATUSES = defineEnum(['pending', 'running', 'ready', 'failed'], {
  fr: { pending: 'En attente', running: 'En cours', ready: 'Prêt', failed: 'Échec' },
  en: { pending: 'Pending', running: 'Running', ready: 'Ready', failed: 'Failed' },
});

export const certificateBatchDtoSchema = z.object({
  id: z.string(),
  kind: z.enum(CERTIFICATE_KINDS.values),
  title: z.string(),
  status: z.enum(CERTIFICATE_BATCH_STATUSES.values),
  done: z.number().int(),
  total: z.number().int(),
  failureReason: z.string().nullable(),
  year: z.number().int().nullable(),
  periodId: z.string().nullable(),
  /** Every certificate of the batch in one PDF, once ready. */
  fileUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type CertificateBatchDto = z.infer<typeof certificateBatchDtoSchema>;
export const certificateBatchListSchema = z.object({
  items: z.array(certificateBatchDtoSchema),
  /** The year certificate of the organisation's country: 'tax' (Belgium, 281.86) or 'payment'. */
  yearKind: z.enum(['tax', 'payment']),
});
export type CertificateBatchList = z.infer<typeof certificateBatchListSchema>;
