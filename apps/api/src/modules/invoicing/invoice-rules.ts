import type { InvoiceStatus } from '@inscrio/shared';

/** What an invoice's status is decided from (cents; days as `yyyy-MM-dd`). */
export interface InvoiceStatusFacts {
  totalAmount: number;
  creditedAmount: number;
  /** Received on its order, net of refunds (a free invoice: what was recorded on it). */
  paidAmount: number;
  /** An online payment of its order is pending at the provider. */
  processing: boolean;
  dueDate: string;
  /** The organisation's today. */
  today: string;
}

/**
 * The invoice's status from its amounts: cancelled once credit notes cover its total, paid once received
 * + credited covers it, processing while an online payment is pending at its provider, overdue past its
 * due date, pending otherwise.
 */
export function invoiceStatus(facts: InvoiceStatusFacts): InvoiceStatus {
  if (facts.totalAmount > 0 && facts.creditedAmount >= facts.totalAmount) return 'cancelled';
  if (facts.paidAmount + facts.creditedAmount >= facts.totalAmount) return 'paid';
  if (facts.processing) return 'processing';
  if (facts.dueDate < facts.today) return 'overdue';
  return 'pending';
}

/** What a credit note may take: more than nothing, no more than what is left to credit on the invoice. */
export function creditFits(amount: number, invoice: { totalAmount: number; creditedAmount: number }) {
  return amount > 0 && amount <= invoice.totalAmount - invoice.creditedAmount;
}
