import { z } from 'zod';
import { COUNTRY_CODES, formatMoney } from '../format';
import { INVOICE_STATUSES } from '../enums';
import { CREDIT_NOTE_SETTLEMENTS } from '../money';
import type { Locale } from '../locale';
import { MONEY_LIMITS, NUMBER_LIMITS, TEXT_LIMITS } from '../validation/limits';
import { message } from '../validation/messages';
import { cursorPageFields, listCursorField } from './list.schema';

/*
 * Invoices, credit notes, accounting and bank statements (DESIGN.md section 5, Invoice). Routes:
 *
 * family + managers  GET /invoices · GET /invoices/{id} · GET /invoices/{id}/pdf
 *                    GET /credit-notes/{id} · GET /credit-notes/{id}/pdf · GET /orders/{id}/pdf
 * managers           GET /invoices/export.csv (same filters as the list)
 *   (accounting)     POST /invoices (free invoice) · POST /invoices/{id}/mark-paid · POST /invoices/{id}/remind
 *                    GET /credit-notes · POST /credit-notes (on one invoice, optionally refunded)
 *                    POST /bank-statements (CAMT.053 or CODA upload, multipart field `file`)
 *                    GET /bank-statements/{id} (a large statement's import, while it runs and once done)
 *                    GET /bank-transactions · POST /bank-transactions/{id}/match · POST /bank-transactions/{id}/ignore
 */

export const VAT_REGIMES = ['subject', 'exempt'] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];

export const INVOICE_MESSAGES = {
  creditExceedsInvoice: {
    fr: 'Le montant dépasse ce qui reste à créditer sur cette facture',
    en: 'The amount exceeds what is left to credit on this invoice',
  },
  invoiceCancelled: { fr: 'Cette facture est annulée', en: 'This invoice is cancelled' },
  invoiceAlreadyPaid: { fr: 'Cette facture est déjà payée', en: 'This invoice is already paid' },
  reminderSent: { fr: 'Le rappel a été envoyé', en: 'The reminder has been sent' },
  buyerRequired: {
    fr: 'Choisissez un membre ou renseignez une entreprise',
    en: 'Choose a member or enter a company',
  },
  statementUnreadable: {
    fr: 'Ce fichier n’est pas un relevé CAMT.053 ou CODA lisible',
    en: 'This file is not a readable CAMT.053 or CODA statement',
  },
  importFailed: {
    fr: 'L’import du relevé s’est interrompu. Importez-le à nouveau : les virements déjà enregistrés ne le seront pas deux fois.',
    en: 'The statement import stopped. Import it again: the transfers already recorded will not be recorded twice.',
  },
  transactionMatched: { fr: 'Ce virement est déjà rapproché', en: 'This transfer is already matched' },
  amountMismatch: {
    fr: 'Le montant du virement ne correspond pas au solde de la facture',
    en: 'The transfer amount does not match the invoice balance',
  },
} as const satisfies Record<string, Record<Locale, string>>;

const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const optionalId = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9_-]*$/)
  .optional()
  .transform((v) => (v === '' ? undefined : v));
const optionalDate = z.iso
  .date()
  .optional()
  .or(z.literal('').transform(() => undefined));

/** `GET /invoices` and `GET /invoices/export.csv`; a family's list is always its own. */
export const invoiceListQuerySchema = (locale: Locale) =>
  z.object(
    {
      ...pageQuery,
      status: z.enum(INVOICE_STATUSES.values).optional(),
      /** Invoices with a line in one of the period's sessions. */
      periodId: optionalId,
      blueprintId: optionalId,
      familyId: optionalId,
      /** The invoice of one order (the order page). */
      orderId: optionalId,
      /** Issue date range, yyyy-MM-dd, both inclusive. */
      from: optionalDate,
      to: optionalDate,
      /** Number, buyer name or company. */
      q: z.string().trim().max(100).optional(),
      after: listCursorField(locale),
    },
    { error: message('format', locale) },
  );
export type InvoiceListQuery = z.infer<ReturnType<typeof invoiceListQuerySchema>>;

const cents = (locale: Locale) =>
  z
    .number({ error: message('number', locale) })
    .int({ error: message('integer', locale) })
    .min(0, { error: message('minValue', locale, { min: 0 }) })
    .max(MONEY_LIMITS.lineCents, {
      error: message('amountTooLarge', locale, { max: formatMoney(MONEY_LIMITS.lineCents, locale) }),
    });
const percentHundredths = (locale: Locale) =>
  z
    .number({ error: message('number', locale) })
    .int({ error: message('integer', locale) })
    .min(0, { error: message('minValue', locale, { min: 0 }) })
    .max(NUMBER_LIMITS.taxHundredths, {
      error: message('maxValue', locale, { max: NUMBER_LIMITS.taxHundredths }),
    });
const requiredLine = (locale: Locale, max: number) =>
  z
    .string({ error: message('required', locale) })
    .trim()
    .min(1, { error: message('required', locale) })
    .max(max, { error: message('maxLength', locale, { max }) });

/** One line typed by a manager: VAT included unit price, like every amount here. */
export const manualLineSchema = (locale: Locale) =>
  z
    .object({
      description: requiredLine(locale, TEXT_LIMITS.invoiceLine),
      quantity: z
        .number({ error: message('number', locale) })
        .int({ error: message('integer', locale) })
        .min(1, { error: message('minValue', locale, { min: 1 }) })
        .max(NUMBER_LIMITS.quantity, { error: message('maxValue', locale, { max: NUMBER_LIMITS.quantity }) }),
      unitPrice: cents(locale),
      taxPercentage: percentHundredths(locale),
    })
    // The line's total is bounded like a price, so sums of lines stay within their columns.
    .refine((line) => line.quantity * line.unitPrice <= MONEY_LIMITS.lineCents, {
      error: message('amountTooLarge', locale, { max: formatMoney(MONEY_LIMITS.lineCents, locale) }),
      path: ['quantity'],
    });
export type ManualLineInput = z.infer<ReturnType<typeof manualLineSchema>>;

/** `POST /invoices`: a free invoice, to a member's family or to a company. */
export const createInvoiceSchema = (locale: Locale) =>
  z
    .object({
      memberId: optionalId,
      company: z
        .object({
          name: requiredLine(locale, TEXT_LIMITS.organizationName),
          vatNumber: z.string().trim().max(TEXT_LIMITS.vatNumber).optional(),
          address: requiredLine(locale, TEXT_LIMITS.address),
          city: requiredLine(locale, TEXT_LIMITS.city),
          postalCode: requiredLine(locale, TEXT_LIMITS.postalCode),
          country: z.enum(COUNTRY_CODES, { error: message('country', locale) }),
        })
        .optional(),
      /** yyyy-MM-dd; defaults to today in the organisation's time zone. */
      issueDate: optionalDate,
      lines: z
        .array(manualLineSchema(locale))
        .min(1, { error: message('required', locale) })
        .max(200),
    })
    .refine((v) => v.memberId !== undefined || v.company !== undefined, {
      error: INVOICE_MESSAGES.buyerRequired[locale],
      path: ['memberId'],
    });
export type CreateInvoiceInput = z.infer<ReturnType<typeof createInvoiceSchema>>;

/**
 * `POST /credit-notes`: on one invoice, either chosen invoice lines (full lines) or typed lines
 * (partial amounts). `refund` sends the money back through the order's payment when it was paid.
 */
export const createCreditNoteSchema = (locale: Locale) =>
  z
    .object({
      invoiceId: requiredLine(locale, 100),
      reason: requiredLine(locale, TEXT_LIMITS.reason),
      invoiceLineIds: z.array(z.string().max(100)).max(500).optional(),
      lines: z.array(manualLineSchema(locale)).max(200).optional(),
      refund: z.boolean().default(false),
    })
    .refine((v) => (v.invoiceLineIds?.length ?? 0) + (v.lines?.length ?? 0) > 0, {
      error: message('required', locale),
      path: ['lines'],
    });
export type CreateCreditNoteInput = z.infer<ReturnType<typeof createCreditNoteSchema>>;

/** `POST /invoices/{id}/mark-paid`: an offline payment received, with its date and method. */
export const markInvoicePaidSchema = (locale: Locale) =>
  z.object({
    paidOn: z.iso.date({ error: message('date', locale) }).optional(),
    method: z.enum(['transfer', 'cash', 'other'], { error: message('choice', locale) }).default('transfer'),
  });
export type MarkInvoicePaidInput = z.infer<ReturnType<typeof markInvoicePaidSchema>>;

/** `POST /bank-transactions/{id}/match`. */
export const matchTransactionSchema = (locale: Locale) => z.object({ invoiceId: requiredLine(locale, 100) });

export const bankTransactionListQuerySchema = (locale: Locale) =>
  z.object(
    { ...pageQuery, status: z.enum(['matched', 'unmatched', 'ignored']).optional() },
    { error: message('object', locale) },
  );

// ---------------------------------------------------------------------------------------------------
// Responses

/** Whether a document's buyer is a business that receives Peppol e-invoices: a company with a VAT number. */
export const isPeppolBuyer = (buyer: { companyName: string | null; vatNumber: string | null }): boolean =>
  Boolean(buyer.companyName && buyer.vatNumber);

const partySchema = z.object({
  name: z.string(),
  companyName: z.string().nullable(),
  vatNumber: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
});

export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(INVOICE_STATUSES.values),
  orderId: z.string().nullable(),
  familyId: z.string().nullable(),
  buyerName: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  totalAmount: z.number().int(),
  creditedAmount: z.number().int(),
  /** Cents received for it (its order's payments net of refunds, or the free invoice's). */
  paidAmount: z.number().int(),
  /** Cents still due: total − credited − paid, never below 0. */
  balance: z.number().int(),
  /** The buyer is a company with a VAT number: the invoice is also a Peppol (UBL) file. */
  peppol: z.boolean(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const accountingTotalsSchema = z.object({
  /** Per status: count and cents (VAT included). */
  byStatus: z.array(
    z.object({ status: z.enum(INVOICE_STATUSES.values), count: z.number().int(), amount: z.number().int() }),
  ),
  /** Unpaid balance of overdue invoices by days past due: 1–30, 31–60, 61–90, over 90. */
  ageing: z.array(z.object({ bucket: z.enum(['1-30', '31-60', '61-90', '90+']), amount: z.number().int() })),
  creditedAmount: z.number().int(),
});
export type AccountingTotals = z.infer<typeof accountingTotalsSchema>;

export const invoicePageSchema = z.object({
  items: z.array(invoiceSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Managers only: figures over every invoice matching the filters (not only this page). */
  totals: accountingTotalsSchema.nullable(),
  ...cursorPageFields,
});
export type InvoicePage = z.infer<typeof invoicePageSchema>;

export const documentLineSchema = z.object({
  id: z.string(),
  description: z.string(),
  serviceDate: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  taxPercentage: z.number().int(),
  totalAmount: z.number().int(),
  taxAmount: z.number().int(),
});

export const creditNoteSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  issueDate: z.string(),
  reason: z.string(),
  totalAmount: z.number().int(),
  taxAmount: z.number().int(),
  buyerName: z.string(),
  refunded: z.boolean(),
  /** Refunded, deducted from what was still due, or paid and not refunded (`creditNoteSettlement`). */
  settlement: z.enum(CREDIT_NOTE_SETTLEMENTS),
  /** The buyer is a company with a VAT number: the credit note is also a Peppol (UBL) file. */
  peppol: z.boolean(),
});
export type CreditNoteSummary = z.infer<typeof creditNoteSummarySchema>;

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  taxAmount: z.number().int(),
  serviceFrom: z.string().nullable(),
  serviceTo: z.string().nullable(),
  seller: partySchema.extend({
    email: z.string().nullable(),
    phone: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    vatRegime: z.enum(VAT_REGIMES),
    vatExemptionMention: z.string().nullable(),
  }),
  buyer: partySchema,
  lines: z.array(documentLineSchema),
  creditNotes: z.array(creditNoteSummarySchema),
  /** As printed (`+++123/4567/89012+++` or `RF…`), when paid by transfer. */
  reference: z.string().nullable(),
  remindedAt: z.string().nullable(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const creditNoteDetailSchema = creditNoteSummarySchema.extend({
  invoiceIssueDate: z.string(),
  lines: z.array(documentLineSchema),
});
export type CreditNoteDetail = z.infer<typeof creditNoteDetailSchema>;

export const creditNotePageSchema = z.object({
  items: z.array(creditNoteSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const bankTransactionSchema = z.object({
  id: z.string(),
  bookingDate: z.string(),
  amount: z.number().int(),
  reference: z.string().nullable(),
  communication: z.string().nullable(),
  counterpartyName: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  status: z.enum(['matched', 'unmatched', 'ignored']),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
});
export type BankTransaction = z.infer<typeof bankTransactionSchema>;

export const bankTransactionPageSchema = z.object({
  items: z.array(bankTransactionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/**
 * `POST /bank-statements` (200 when imported during the upload, 202 when it runs in the background) and
 * `GET /bank-statements/{id}`: how far the import went, then what it did.
 */
export const bankStatementResultSchema = z.object({
  importId: z.string(),
  fileName: z.string(),
  format: z.enum(['camt053', 'coda']),
  status: z.enum(['running', 'done', 'failed']),
  /** Credit transfers read from the file (0 while a background import is still reading it). */
  transactions: z.number().int(),
  /** Transfers recorded and matched so far: `transactions` once done. */
  processed: z.number().int(),
  /** Already imported before (same bank entry): skipped. */
  duplicates: z.number().int(),
  /** Settled an invoice automatically by its structured reference. */
  matched: z.number().int(),
  /** Left for manual matching: how many, and the first of them. */
  unmatchedCount: z.number().int(),
  unmatched: z.array(bankTransactionSchema),
  /** Why a failed import stopped, in the caller's language. */
  error: z.string().nullable(),
});
export type BankStatementResult = z.infer<typeof bankStatementResultSchema>;
