import {
  includedTax,
  type Locale,
  localDay,
  SUPPLEMENT_FREQUENCIES,
  type SupplementFrequency,
} from '@inscrio/shared';
import type {
  BuyerSnapshot,
  invoiceLines,
  invoices,
  OrderLineSupplement,
  SellerSnapshot,
} from '../../db/schema';
import { newId } from '../../lib/ids';

/*
 * The invoice and credit note documents as plain values: the seller's and buyer's snapshots, priced
 * lines, an invoice's rows before they are written. No database here (the writing is invoice-lifecycle.ts).
 */

/** Reasons printed on the credit notes the platform emits itself, in the document's language. */
export const CREDIT_REASONS = {
  orderCancelled: { fr: 'Commande annulée', en: 'Order cancelled' },
  registrationCancelled: { fr: 'Inscription annulée', en: 'Registration cancelled' },
  sessionCancelled: { fr: "Séance annulée par l'organisation", en: 'Session cancelled by the organisation' },
  providerRefund: {
    fr: 'Remboursement effectué chez le prestataire de paiement',
    en: 'Refund made at the payment provider',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export const localeOf = (row: { locale: string }): Locale => (row.locale === 'en' ? 'en' : 'fr');

/** `yyyy-MM-dd` plus a number of days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface SellerRow {
  name: string;
  billing_address: string | null;
  billing_city: string | null;
  billing_postal_code: string | null;
  billing_country: string | null;
  vat_number: string | null;
  billing_email: string | null;
  billing_phone: string | null;
  contact_email: string | null;
  iban: string | null;
  bic: string | null;
  vat_regime: string;
  vat_exemption_mention: string | null;
  invoice_due_days: number;
  time_zone: string;
  logo_asset_id: string | null;
}

export function sellerSnapshot(row: SellerRow): SellerSnapshot {
  return {
    name: row.name,
    address: row.billing_address,
    city: row.billing_city,
    postalCode: row.billing_postal_code,
    country: row.billing_country,
    vatNumber: row.vat_number,
    email: row.billing_email ?? row.contact_email,
    phone: row.billing_phone,
    iban: row.iban,
    bic: row.bic,
    vatRegime: row.vat_regime,
    vatExemptionMention: row.vat_regime === 'exempt' ? row.vat_exemption_mention : null,
    logoAssetId: row.logo_asset_id,
  };
}

export interface BuyerRow {
  first_name: string | null;
  last_name: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
  email: string | null;
  company_name: string | null;
  company_vat_number: string | null;
  company_address: string | null;
  company_city: string | null;
  company_postal_code: string | null;
  company_country: string | null;
}

/** The family's adult, or the company they gave on their profile (then its address is printed). */
export function buyerSnapshot(row: BuyerRow): BuyerSnapshot {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ') || (row.email ?? '');
  if (row.company_name) {
    return {
      name,
      companyName: row.company_name,
      vatNumber: row.company_vat_number,
      address: row.company_address,
      city: row.company_city,
      postalCode: row.company_postal_code,
      country: row.company_country,
      email: row.email,
    };
  }
  return {
    name,
    companyName: null,
    vatNumber: null,
    address: row.address,
    city: row.city,
    postalCode: row.postal_code,
    country: row.country,
    email: row.email,
  };
}

export interface NewDocumentLine {
  description: string;
  serviceDate?: string | null;
  quantity: number;
  unitPrice: number;
  taxPercentage: number;
  orderLineId?: string | null;
  /** The supplement of the order line this line charges; absent on the session's own line. */
  supplementId?: string | null;
  supplementFrequency?: SupplementFrequency | null;
  blueprintId?: string | null;
  invoiceLineId?: string | null;
}

/** Line totals: quantity × unit price, VAT included; no VAT at all when the seller is exempt. */
export function priceLines(lines: NewDocumentLine[], exempt: boolean) {
  return lines.map((line, position) => {
    const taxPercentage = exempt ? 0 : line.taxPercentage;
    const totalAmount = line.quantity * line.unitPrice;
    return {
      ...line,
      taxPercentage,
      totalAmount,
      taxAmount: includedTax(totalAmount, taxPercentage),
      position,
    };
  });
}

/** What a document line prints, the same on invoices and credit notes. */
export const printedLine = (l: ReturnType<typeof priceLines>[number]) => ({
  description: l.description,
  quantity: l.quantity,
  unitPrice: l.unitPrice,
  taxPercentage: l.taxPercentage,
  totalAmount: l.totalAmount,
  taxAmount: l.taxAmount,
  position: l.position,
});

export interface NewInvoice {
  organizationId: string;
  orderId?: string | null;
  familyId?: string | null;
  memberId?: string | null;
  issuedAt: Date;
  /** yyyy-MM-dd; defaults to the day of `issuedAt` in the organisation's time zone. */
  issueDate?: string;
  locale: string;
  seller: SellerRow;
  buyer: BuyerSnapshot;
  lines: NewDocumentLine[];
  structuredReference?: string | null;
  createdByUserId?: string | null;
}

export type InvoiceRow = typeof invoices.$inferInsert;
export type InvoiceLineRow = typeof invoiceLines.$inferInsert;

/**
 * An invoice and its lines as rows, every column given, without a number (given when the writing
 * transaction commits, see numbering.repository.ts). Status as issued: nothing received or credited yet, so
 * pending (paid when there is nothing to pay); the callers that may know more refresh it after.
 */
export function buildInvoice(input: NewInvoice): { invoice: InvoiceRow; lines: InvoiceLineRow[] } {
  const seller = input.seller;
  const issueDate = input.issueDate ?? localDay(input.issuedAt, seller.time_zone);
  const priced = priceLines(input.lines, seller.vat_regime === 'exempt');
  const serviceDates = priced
    .map((l) => l.serviceDate)
    .filter((d): d is string => !!d)
    .sort();
  const id = newId('inv', input.issuedAt.getTime());
  const totalAmount = priced.reduce((sum, l) => sum + l.totalAmount, 0);
  const invoice: InvoiceRow = {
    organizationId: input.organizationId,
    id,
    number: null,
    orderId: input.orderId ?? null,
    familyId: input.familyId ?? null,
    memberId: input.memberId ?? null,
    status: totalAmount === 0 ? 'paid' : 'pending',
    issueDate,
    dueDate: addDays(issueDate, seller.invoice_due_days),
    serviceFrom: serviceDates[0] ?? null,
    serviceTo: serviceDates.at(-1) ?? null,
    locale: input.locale === 'en' ? 'en' : 'fr',
    seller: sellerSnapshot(seller),
    buyer: input.buyer,
    totalAmount,
    taxAmount: priced.reduce((sum, l) => sum + l.taxAmount, 0),
    creditedAmount: 0,
    paidAmount: 0,
    structuredReference: input.structuredReference ?? null,
    paidAt: totalAmount === 0 ? input.issuedAt : null,
    remindedAt: null,
    createdByUserId: input.createdByUserId ?? null,
    createdAt: input.issuedAt,
    updatedAt: input.issuedAt,
  };
  const lines = priced.map((l) => ({
    organizationId: input.organizationId,
    id: newId('inv', input.issuedAt.getTime()),
    invoiceId: id,
    orderLineId: l.orderLineId ?? null,
    supplementId: l.supplementId ?? null,
    supplementFrequency: l.supplementFrequency ?? null,
    blueprintId: l.blueprintId ?? null,
    serviceDate: l.serviceDate ?? null,
    ...printedLine(l),
  }));
  return { invoice, lines };
}

/** An order line as its invoice lines need it. */
export interface OrderLineForInvoice {
  id: string;
  description: string;
  unitPrice: number;
  supplements: OrderLineSupplement[];
  taxPercentage: number;
  blueprintId: string;
  startDateTime: Date;
}

/**
 * What an invoice (or credit note) line of a supplement says: « Supplément T-shirt du club (une fois par
 * période) — Natation — 14/03/2027 10:00 — Léa Dupont », the order line it belongs to last.
 */
export function supplementLineDescription(
  supplement: Pick<OrderLineSupplement, 'name' | 'frequency'>,
  orderLineDescription: string,
  locale: Locale,
): string {
  const frequency = SUPPLEMENT_FREQUENCIES.label(supplement.frequency ?? 'per-session', locale);
  const word = locale === 'en' ? 'Supplement' : 'Supplément';
  return `${word} ${supplement.name} (${frequency.toLowerCase()}) — ${orderLineDescription}`;
}

/*
 * The invoice lines of an order: per order line, the session at its own price, then each supplement the
 * order line charged as a line of its own, so a family reads on its invoice what it pays for (a T-shirt
 * once, a meal per session). An order line stays one per registration (seat, cancellation, credit all
 * hang on its participant), its supplements an array on it (`supplements`, priced at checkout); the
 * invoice, the legal document, spreads them out: each line names its order line (`orderLineId`), and a
 * supplement's line its supplement (`supplementId`, with the frequency charged), so every invoice line is
 * explained by a line of the order and a cancellation credits exactly the lines of its registration.
 * The sum of an order line's invoice lines is its total, and their VAT its VAT (`linePrice`).
 */
export function orderInvoiceLines(
  lines: OrderLineForInvoice[],
  timeZone: string,
  locale: Locale,
): NewDocumentLine[] {
  return lines.flatMap((l) => {
    const common = {
      serviceDate: localDay(l.startDateTime, timeZone),
      quantity: 1,
      taxPercentage: l.taxPercentage,
      orderLineId: l.id,
      blueprintId: l.blueprintId,
    };
    return [
      { ...common, description: l.description, unitPrice: l.unitPrice },
      ...l.supplements.map((s) => ({
        ...common,
        description: supplementLineDescription(s, l.description, locale),
        unitPrice: s.price,
        supplementId: s.supplementId,
        // Ordered before supplements had a frequency: they were charged on every session.
        supplementFrequency: s.frequency ?? ('per-session' as const),
      })),
    ];
  });
}
