import { describe, expect, it } from 'vitest';
import {
  allowsRecovery,
  type CompensationFacts,
  compensationFor,
  startChanged,
} from './session-changes.rules';

const facts = (over: Partial<CompensationFacts> = {}): CompensationFacts => ({
  choice: 'credit-note',
  refundOnline: false,
  visibility: 'public',
  charged: 1500,
  orderPaid: 0,
  provider: 'offline',
  ...over,
});

describe('what a participant of a cancelled session gets back', () => {
  it('a credit note for what was charged, paid or not, when the organisation chose credit notes', () => {
    expect(compensationFor(facts())).toBe('credit-note');
    expect(compensationFor(facts({ orderPaid: 1500 }))).toBe('credit-note');
    expect(compensationFor(facts({ orderPaid: 1500, provider: 'mollie' }))).toBe('credit-note');
  });

  it('a refund only for an order paid online when the organisation refunds online', () => {
    expect(compensationFor(facts({ orderPaid: 1500, provider: 'mollie', refundOnline: true }))).toBe(
      'refund',
    );
    expect(compensationFor(facts({ orderPaid: 1500, provider: 'buckaroo', refundOnline: true }))).toBe(
      'refund',
    );
    // Paid by transfer, or not paid yet: a credit note, never a refund.
    expect(compensationFor(facts({ orderPaid: 1500, provider: 'offline', refundOnline: true }))).toBe(
      'credit-note',
    );
    expect(compensationFor(facts({ orderPaid: 0, provider: 'mollie', refundOnline: true }))).toBe(
      'credit-note',
    );
  });

  it('a recovery token when chosen, for protected and public activities only', () => {
    expect(compensationFor(facts({ choice: 'recovery-token' }))).toBe('recovery-token');
    expect(compensationFor(facts({ choice: 'recovery-token', visibility: 'protected' }))).toBe(
      'recovery-token',
    );
    // A private (or hidden) activity never gives a token: the family gets its credit note.
    expect(compensationFor(facts({ choice: 'recovery-token', visibility: 'private' }))).toBe('credit-note');
    expect(compensationFor(facts({ choice: 'recovery-token', visibility: 'hidden', charged: 0 }))).toBe(
      'nothing',
    );
    expect(allowsRecovery('private')).toBe(false);
  });

  it('nothing to give back when nothing was charged (free session, or already credited)', () => {
    expect(compensationFor(facts({ charged: 0 }))).toBe('nothing');
    expect(
      compensationFor(facts({ charged: 0, orderPaid: 1500, provider: 'mollie', refundOnline: true })),
    ).toBe('nothing');
  });
});

describe('a postponement tells the families once', () => {
  it('only when the start moves', () => {
    const start = new Date('2027-03-10T17:00:00Z');
    expect(startChanged(start, new Date('2027-03-17T17:00:00Z'))).toBe(true);
    expect(startChanged(start, new Date('2027-03-10T17:00:00Z'))).toBe(false);
    expect(startChanged(start, undefined)).toBe(false);
  });
});
