/*
 * What is due on an order or an invoice: one figure, read by every screen, PDF, QR payload and e-mail
 * (DESIGN.md section 10). Amounts are integer cents, VAT included.
 */

/**
 * The VAT included in a VAT-inclusive amount (cents), the rate in hundredths of a percent (2100 = 21 %):
 * total × rate / (100 % + rate), rounded to the nearest cent, a half cent upwards (`Math.round`, so
 * −0.5 goes to 0 on a negative amount). Every order line, invoice line, PDF and the web form's preview
 * take it from here, so their VAT agrees to the cent.
 */
export function includedTax(totalCents: number, taxHundredths: number): number {
  return taxHundredths <= 0 ? 0 : Math.round((totalCents * taxHundredths) / (10_000 + taxHundredths)) || 0;
}

/** The amounts of an order (or of an invoice) that decide what is still due. */
export interface DueAmounts {
  /** Cents ordered or invoiced. */
  totalAmount: number;
  /** Cents taken off by credit notes. */
  creditedAmount: number;
  /** Cents received, net of refunds. */
  paidAmount: number;
}

/** What is still to pay: total − credited − paid, never below 0. */
export function amountDue({ totalAmount, creditedAmount, paidAmount }: DueAmounts): number {
  return Math.max(0, totalAmount - creditedAmount - paidAmount);
}

/**
 * What a credit note did with the money:
 * - `refunded`: the money went back to the family with it;
 * - `deducted`: it cancelled an amount still due (taken off what the family has to pay);
 * - `not-refunded`: the family had paid it and has not been refunded (yet).
 */
export const CREDIT_NOTE_SETTLEMENTS = ['refunded', 'deducted', 'not-refunded'] as const;
export type CreditNoteSettlement = (typeof CREDIT_NOTE_SETTLEMENTS)[number];

/**
 * The settlement of a credit note that sent no refund. What the invoice received beyond what is left
 * of it after its credit notes (`paid − (total − credited)`) is money the family paid for credited
 * lines and was not given back; it is ascribed to the newest credit notes first. `newerUnrefunded` is
 * the sum of the invoice's unrefunded credit notes issued after this one.
 */
export function creditNoteSettlement(input: {
  refunded: boolean;
  invoice: DueAmounts;
  newerUnrefunded: number;
}): CreditNoteSettlement {
  if (input.refunded) return 'refunded';
  const { totalAmount, creditedAmount, paidAmount } = input.invoice;
  const overpaid = Math.max(0, paidAmount - (totalAmount - creditedAmount));
  return input.newerUnrefunded < overpaid ? 'not-refunded' : 'deducted';
}
