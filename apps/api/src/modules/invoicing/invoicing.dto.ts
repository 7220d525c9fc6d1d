import {
  amountDue,
  creditNoteSettlement,
  type CreditNoteDetail,
  type CreditNoteSummary,
  type InvoiceDetail,
  type InvoiceStatus,
  type InvoiceSummary,
  isPeppolBuyer,
} from '@inscrio/shared';
import type { BuyerSnapshot, SellerSnapshot } from '../../db/schema';
import { formatReferenceForTransfer } from '../../lib/transfer/references';
import type { CreditNoteRow, DocumentLineRow, InvoiceRow } from './invoicing.repository';

export const buyerName = (buyer: BuyerSnapshot) => buyer.companyName ?? buyer.name;

/** What is still due on an invoice: total − credited − received, never below 0 (the shared `amountDue`). */
export const invoiceBalance = (row: Pick<InvoiceRow, 'total_amount' | 'credited_amount' | 'paid_amount'>) =>
  amountDue({
    totalAmount: row.total_amount,
    creditedAmount: row.credited_amount,
    paidAmount: row.paid_amount,
  });

export function toInvoiceSummary(row: InvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status as InvoiceStatus,
    orderId: row.order_id,
    familyId: row.family_id,
    buyerName: buyerName(row.buyer),
    issueDate: row.issue_date,
    dueDate: row.due_date,
    totalAmount: row.total_amount,
    creditedAmount: row.credited_amount,
    paidAmount: row.paid_amount,
    balance: invoiceBalance(row),
    peppol: isPeppolBuyer(row.buyer),
  };
}

const toLine = (l: DocumentLineRow) => ({
  id: l.id,
  description: l.description,
  serviceDate: l.service_date,
  quantity: l.quantity,
  unitPrice: l.unit_price,
  taxPercentage: l.tax_percentage,
  totalAmount: l.total_amount,
  taxAmount: l.tax_amount,
});

export function toCreditNoteSummary(row: CreditNoteRow): CreditNoteSummary {
  return {
    id: row.id,
    number: row.number,
    invoiceId: row.invoice_id,
    invoiceNumber: row.invoice_number,
    issueDate: row.issue_date,
    reason: row.reason,
    totalAmount: row.total_amount,
    taxAmount: row.tax_amount,
    buyerName: buyerName(row.buyer),
    refunded: row.refund_id !== null,
    settlement: creditNoteSettlement({
      refunded: row.refund_id !== null,
      invoice: {
        totalAmount: row.invoice_total,
        creditedAmount: row.invoice_credited,
        paidAmount: row.invoice_paid,
      },
      newerUnrefunded: row.newer_unrefunded,
    }),
    peppol: isPeppolBuyer(row.buyer),
  };
}

export function toCreditNoteDetail(row: CreditNoteRow, lines: DocumentLineRow[]): CreditNoteDetail {
  return { ...toCreditNoteSummary(row), invoiceIssueDate: row.invoice_issue_date, lines: lines.map(toLine) };
}

export function toInvoiceDetail(
  row: InvoiceRow,
  lines: DocumentLineRow[],
  notes: CreditNoteRow[],
): InvoiceDetail {
  const { seller, buyer } = row;
  return {
    ...toInvoiceSummary(row),
    taxAmount: row.tax_amount,
    serviceFrom: row.service_from,
    serviceTo: row.service_to,
    seller: toSellerDto(seller),
    buyer: {
      name: buyer.name,
      companyName: buyer.companyName,
      vatNumber: buyer.vatNumber,
      address: buyer.address,
      city: buyer.city,
      postalCode: buyer.postalCode,
      country: buyer.country,
    },
    lines: lines.map(toLine),
    creditNotes: notes.map(toCreditNoteSummary),
    reference: row.structured_reference ? formatReferenceForTransfer(row.structured_reference) : null,
    remindedAt: row.reminded_at ? new Date(row.reminded_at).toISOString() : null,
  };
}

/** The seller as a document shows it (invoice, credit note, order): the organisation's snapshot. */
export function toSellerDto(seller: SellerSnapshot): InvoiceDetail['seller'] {
  return {
    name: seller.name,
    companyName: null,
    vatNumber: seller.vatNumber,
    address: seller.address,
    city: seller.city,
    postalCode: seller.postalCode,
    country: seller.country,
    email: seller.email,
    phone: seller.phone,
    iban: seller.iban,
    bic: seller.bic,
    vatRegime: seller.vatRegime === 'exempt' ? 'exempt' : 'subject',
    vatExemptionMention: seller.vatExemptionMention,
  };
}
