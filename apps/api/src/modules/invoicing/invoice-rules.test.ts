import { describe, expect, it } from 'vitest';
import { creditFits, invoiceStatus } from './invoice-rules';

const facts = {
  totalAmount: 10_000,
  creditedAmount: 0,
  paidAmount: 0,
  processing: false,
  dueDate: '2027-03-14',
  today: '2027-03-01',
};

describe('invoice status', () => {
  it('is pending until its due date, overdue after it (the due day itself still pending)', () => {
    expect(invoiceStatus(facts)).toBe('pending');
    expect(invoiceStatus({ ...facts, today: '2027-03-14' })).toBe('pending');
    expect(invoiceStatus({ ...facts, today: '2027-03-15' })).toBe('overdue');
  });

  it('is processing while an online payment is pending at the provider, even past its due date', () => {
    expect(invoiceStatus({ ...facts, processing: true, today: '2027-04-01' })).toBe('processing');
  });

  it('is paid once received and credited together cover the total', () => {
    expect(invoiceStatus({ ...facts, paidAmount: 9_999 })).toBe('pending');
    expect(invoiceStatus({ ...facts, paidAmount: 6_000, creditedAmount: 4_000 })).toBe('paid');
    expect(invoiceStatus({ ...facts, paidAmount: 10_000, processing: true, today: '2028-01-01' })).toBe(
      'paid',
    );
  });

  it('is cancelled once credit notes cover the total, whatever was paid', () => {
    expect(invoiceStatus({ ...facts, creditedAmount: 10_000 })).toBe('cancelled');
    expect(invoiceStatus({ ...facts, creditedAmount: 10_000, paidAmount: 10_000 })).toBe('cancelled');
  });

  it('is paid at once when there is nothing to pay (a free invoice is never cancelled)', () => {
    expect(invoiceStatus({ ...facts, totalAmount: 0 })).toBe('paid');
  });
});

describe('a credit note', () => {
  it('takes more than nothing and no more than what is left to credit', () => {
    const invoice = { totalAmount: 10_000, creditedAmount: 4_000 };
    expect(creditFits(6_000, invoice)).toBe(true);
    expect(creditFits(6_001, invoice)).toBe(false);
    expect(creditFits(0, invoice)).toBe(false);
  });
});
