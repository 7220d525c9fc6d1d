import {
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SupplementFrequency } from '@inscrio/shared';
import { orders, paymentRefunds, payments } from './registrations';
import { bytea, createdAt, org, scoped, totalCents, updatedAt } from './columns';

/**
 * The last number given per organisation, document kind and year. A number is taken by incrementing this
 * row (SQL function `next_document_number`) inside the transaction that creates the document — at its
 * commit for invoices — so the row lock makes numbers gapless and unique under concurrency: a
 * rolled-back transaction gives its number back with it.
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    organizationId: org(),
    /** invoice | credit-note */
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.kind, t.year] })],
);

/** Who issues the document, frozen at issue: later profile edits never change an issued invoice. */
export interface SellerSnapshot {
  name: string;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  vatNumber: string | null;
  email: string | null;
  phone: string | null;
  iban: string | null;
  bic: string | null;
  /** subject | exempt */
  vatRegime: string;
  /** Printed when exempt, e.g. 'Exemption de TVA – article 44, § 2, 3° du Code de la TVA'. */
  vatExemptionMention: string | null;
  logoAssetId: string | null;
}

/** Who is invoiced: the family's adult, or the company given on their profile. */
export interface BuyerSnapshot {
  name: string;
  /** Set when invoicing a company. */
  companyName: string | null;
  vatNumber: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  email: string | null;
}

/**
 * An invoice: one per order (issued when the order is placed offline, or paid online), or a free invoice
 * made by a manager. `pending → processing → paid`, `pending → overdue`, `cancelled` once credit notes
 * cover it in full. Amounts are cents, VAT included, like orders.
 */
export const invoices = pgTable(
  'invoices',
  {
    organizationId: org(),
    id: text('id').notNull(),
    /**
     * `2026-000123`: per organisation and year, gapless. Given at COMMIT by the `invoices_number_at_commit`
     * trigger (migration 0008), so it is null only inside the transaction that writes the invoice.
     */
    number: text('number'),
    orderId: text('order_id'),
    /** The family it belongs to (free invoices to a member's family too); null for a company-only one. */
    familyId: text('family_id'),
    memberId: text('member_id'),
    status: text('status').notNull().default('pending'),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    /** First and last day of the sessions invoiced (the supply dates). */
    serviceFrom: date('service_from'),
    serviceTo: date('service_to'),
    locale: text('locale').notNull().default('fr'),
    seller: jsonb('seller').$type<SellerSnapshot>().notNull(),
    buyer: jsonb('buyer').$type<BuyerSnapshot>().notNull(),
    totalAmount: totalCents('total_amount').notNull(),
    taxAmount: totalCents('tax_amount').notNull().default(0),
    /** Cents covered by credit notes so far. */
    creditedAmount: totalCents('credited_amount').notNull().default(0),
    /** Free invoices: cents received. An order's invoice reads its order's `paid_amount` instead. */
    paidAmount: totalCents('paid_amount').notNull().default(0),
    /** The transfer reference printed with the EPC QR code (the order's, or its own for a free invoice). */
    structuredReference: text('structured_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the last payment reminder was sent (by the overdue job or a manager). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdByUserId: text('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('invoices_org_number_unique').on(t.organizationId, t.number),
    uniqueIndex('invoices_org_order_unique').on(t.organizationId, t.orderId),
    uniqueIndex('invoices_org_reference_unique').on(t.organizationId, t.structuredReference),
    // The accounting list's order (latest first), walked by keyset (`after`) at any depth.
    index('invoices_org_issue_number').on(t.organizationId, t.issueDate, t.number),
    index('invoices_org_status_due').on(t.organizationId, t.status, t.dueDate),
    // The accounting totals (count and cents per status, over an issue-date range) read this index alone.
    index('invoices_org_status_totals').on(
      t.organizationId,
      t.status,
      t.issueDate,
      t.totalAmount,
      t.creditedAmount,
    ),
    index('invoices_org_family').on(t.organizationId, t.familyId, t.issueDate),
    foreignKey({
      columns: [t.organizationId, t.orderId],
      foreignColumns: [orders.organizationId, orders.id],
    }),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    organizationId: scoped(),
    id: text('id').notNull(),
    invoiceId: text('invoice_id').notNull(),
    orderLineId: text('order_line_id'),
    /**
     * The supplement this line charges (an entry of the order line's `supplements`), with its frequency
     * as charged; null on the line of the session itself (and on lines not made from an order).
     */
    supplementId: text('supplement_id'),
    supplementFrequency: text('supplement_frequency').$type<SupplementFrequency>(),
    /** The activity invoiced, for the accounting filter. */
    blueprintId: text('blueprint_id'),
    description: text('description').notNull(),
    /** The session date, when the line is one. */
    serviceDate: date('service_date'),
    quantity: integer('quantity').notNull().default(1),
    /** Cents, VAT included. */
    unitPrice: integer('unit_price').notNull(),
    /** Hundredths of a percent (600 = 6 %). 0 when the organisation is exempt. */
    taxPercentage: integer('tax_percentage').notNull().default(0),
    /** Cents, VAT included: quantity × unit price. */
    totalAmount: integer('total_amount').notNull(),
    taxAmount: integer('tax_amount').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('invoice_lines_org_invoice').on(t.organizationId, t.invoiceId),
    index('invoice_lines_org_blueprint').on(t.organizationId, t.blueprintId),
    foreignKey({
      columns: [t.organizationId, t.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }).onDelete('cascade'),
  ],
);

/** A credit note: always on one invoice, for part or all of it, in its own gapless sequence (`NC-2026-000012`). */
export const creditNotes = pgTable(
  'credit_notes',
  {
    organizationId: scoped(),
    id: text('id').notNull(),
    number: text('number').notNull(),
    invoiceId: text('invoice_id').notNull(),
    issueDate: date('issue_date').notNull(),
    reason: text('reason').notNull(),
    locale: text('locale').notNull().default('fr'),
    /** Cents, VAT included, positive. */
    totalAmount: totalCents('total_amount').notNull(),
    taxAmount: totalCents('tax_amount').notNull().default(0),
    /** The refund sent with it, when money goes back to the family. */
    refundId: text('refund_id'),
    createdByUserId: text('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('credit_notes_org_number_unique').on(t.organizationId, t.number),
    index('credit_notes_org_invoice').on(t.organizationId, t.invoiceId),
    index('credit_notes_org_issue').on(t.organizationId, t.issueDate),
    foreignKey({
      columns: [t.organizationId, t.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.refundId],
      foreignColumns: [paymentRefunds.organizationId, paymentRefunds.id],
    }),
  ],
);

export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    organizationId: scoped(),
    id: text('id').notNull(),
    creditNoteId: text('credit_note_id').notNull(),
    invoiceLineId: text('invoice_line_id'),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPrice: integer('unit_price').notNull(),
    taxPercentage: integer('tax_percentage').notNull().default(0),
    totalAmount: integer('total_amount').notNull(),
    taxAmount: integer('tax_amount').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('credit_note_lines_org_note').on(t.organizationId, t.creditNoteId),
    foreignKey({
      columns: [t.organizationId, t.creditNoteId],
      foreignColumns: [creditNotes.organizationId, creditNotes.id],
    }).onDelete('cascade'),
  ],
);

/** One uploaded bank statement (CAMT.053 or CODA). */
export const bankStatementImports = pgTable(
  'bank_statement_imports',
  {
    organizationId: org(),
    id: text('id').notNull(),
    fileName: text('file_name').notNull(),
    /** camt053 | coda */
    format: text('format').notNull(),
    /** running | done | failed: the transfers of a running import stay out of the lists until it is done. */
    status: text('status').notNull().default('done'),
    /** Credit transfers read from the file (known once it is read). */
    transactionCount: integer('transaction_count').notNull().default(0),
    /** Transfers stored and matched so far, for the progress shown while it runs. */
    processedCount: integer('processed_count').notNull().default(0),
    matchedCount: integer('matched_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    /** Why a failed import stopped: `malformed`, `empty`, `unsupported-format` (the file) or `error`. */
    failure: text('failure'),
    /** The uploaded file, kept only while a background import needs it. */
    content: bytea('content'),
    importedByUserId: text('imported_by_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] })],
);

/**
 * A credit transfer read from a statement. `transaction_key` identifies it across imports (the bank's
 * entry reference, or a digest of its fields), so importing a file twice records nothing twice.
 */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    organizationId: scoped(),
    id: text('id').notNull(),
    importId: text('import_id').notNull(),
    transactionKey: text('transaction_key').notNull(),
    bookingDate: date('booking_date').notNull(),
    /** Cents, positive for money received. */
    amount: totalCents('amount').notNull(),
    /** The structured reference as read (12 Belgian digits or RF…), normalised; null when free text only. */
    structuredReference: text('structured_reference'),
    communication: text('communication'),
    counterpartyName: text('counterparty_name'),
    counterpartyIban: text('counterparty_iban'),
    /** matched | unmatched | ignored */
    status: text('status').notNull().default('unmatched'),
    orderId: text('order_id'),
    invoiceId: text('invoice_id'),
    paymentId: text('payment_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('bank_transactions_org_key_unique').on(t.organizationId, t.transactionKey),
    index('bank_transactions_org_status').on(t.organizationId, t.status, t.bookingDate),
    foreignKey({
      columns: [t.organizationId, t.importId],
      foreignColumns: [bankStatementImports.organizationId, bankStatementImports.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.paymentId],
      foreignColumns: [payments.organizationId, payments.id],
    }),
  ],
);
