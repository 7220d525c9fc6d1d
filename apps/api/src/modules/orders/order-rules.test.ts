import { describe, expect, it } from 'vitest';
import { isOrderCovered, onOrderPaid, onPaymentFailed, paidAmountOnceCovered } from './order-rules';

describe('an order paid', () => {
  const order = { totalAmount: 10_000, creditedAmount: 2_000, paidAmount: 0 };

  it('is covered once received and credited together reach the total', () => {
    expect(isOrderCovered(order, 7_999)).toBe(false);
    expect(isOrderCovered(order, 8_000)).toBe(true);
    expect(isOrderCovered({ totalAmount: 0, creditedAmount: 0 }, 0)).toBe(true);
  });

  it('records at least what was owed, what was recorded and what came in', () => {
    expect(paidAmountOnceCovered(order, 8_000)).toBe(8_000);
    expect(paidAmountOnceCovered(order, 9_000)).toBe(9_000);
    expect(paidAmountOnceCovered({ ...order, paidAmount: 8_500 }, 8_000)).toBe(8_500);
    // Nothing reported yet by the provider: what was owed.
    expect(paidAmountOnceCovered(order, 0)).toBe(8_000);
  });

  it('is completed, once; a cancelled one only when a lapsed hold cancelled it', () => {
    expect(onOrderPaid('pending', false)).toBe('complete');
    expect(onOrderPaid('require-action', false)).toBe('complete');
    expect(onOrderPaid('completed', true)).toBe('nothing');
    expect(onOrderPaid('cancelled', true)).toBe('complete');
    expect(onOrderPaid('cancelled', false)).toBe('record');
  });
});

describe('a payment failed', () => {
  it('asks the family to act on a pending online order only', () => {
    expect(onPaymentFailed('pending', 'mollie')).toBe('require-action');
    expect(onPaymentFailed('pending', 'offline')).toBe('nothing');
    expect(onPaymentFailed('require-action', 'mollie')).toBe('nothing');
    expect(onPaymentFailed('completed', 'buckaroo')).toBe('nothing');
    expect(onPaymentFailed(undefined, undefined)).toBe('nothing');
  });

  it('lets a cancelled order owe nothing', () => {
    expect(onPaymentFailed('cancelled', 'mollie')).toBe('owe-nothing');
  });
});
