import { describe, expect, it } from 'vitest';
import { amountDue, creditNoteSettlement } from './money';

describe('amountDue', () => {
  it('is the total less what was credited and what was paid', () => {
    expect(amountDue({ totalAmount: 5000, creditedAmount: 0, paidAmount: 0 })).toBe(5000);
    expect(amountDue({ totalAmount: 5000, creditedAmount: 2500, paidAmount: 0 })).toBe(2500);
    expect(amountDue({ totalAmount: 5000, creditedAmount: 2500, paidAmount: 1000 })).toBe(1500);
    expect(amountDue({ totalAmount: 5000, creditedAmount: 2500, paidAmount: 2500 })).toBe(0);
  });

  it('is never negative (a paid order credited afterwards)', () => {
    expect(amountDue({ totalAmount: 5000, creditedAmount: 2500, paidAmount: 5000 })).toBe(0);
  });
});

describe('creditNoteSettlement', () => {
  const invoice = (paidAmount: number, creditedAmount = 2500) => ({
    totalAmount: 5000,
    creditedAmount,
    paidAmount,
  });

  it('says refunded when money went back with it', () => {
    expect(creditNoteSettlement({ refunded: true, invoice: invoice(5000), newerUnrefunded: 0 })).toBe(
      'refunded',
    );
  });

  it('says deducted when it cancelled an amount still due', () => {
    expect(creditNoteSettlement({ refunded: false, invoice: invoice(0), newerUnrefunded: 0 })).toBe(
      'deducted',
    );
    // Paid afterwards, only what was left: still a deduction.
    expect(creditNoteSettlement({ refunded: false, invoice: invoice(2500), newerUnrefunded: 0 })).toBe(
      'deducted',
    );
  });

  it('says not refunded when the family had paid what it credits', () => {
    expect(creditNoteSettlement({ refunded: false, invoice: invoice(5000), newerUnrefunded: 0 })).toBe(
      'not-refunded',
    );
    // Two notes of 25 € on a paid 50 € order, 25 € of which was overpaid: the newest owes it.
    const both = invoice(5000 - 2500, 5000);
    expect(creditNoteSettlement({ refunded: false, invoice: both, newerUnrefunded: 0 })).toBe('not-refunded');
    expect(creditNoteSettlement({ refunded: false, invoice: both, newerUnrefunded: 2500 })).toBe('deducted');
  });
});
