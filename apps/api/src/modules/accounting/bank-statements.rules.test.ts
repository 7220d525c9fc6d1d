import { describe, expect, it } from 'vitest';
import type { ParsedTransaction } from './bank-statements/bank-statement.parser';
import {
  creditTransfers,
  IMPORT_SLICE,
  newBankTransaction,
  runsInBackground,
  slices,
  SYNCHRONOUS_IMPORT_MAX_BYTES,
} from './bank-statements.rules';

const transfer = (overrides: Partial<ParsedTransaction> = {}): ParsedTransaction => ({
  key: 'BE68539007547034/REF1',
  bookingDate: '2026-03-02',
  amount: 4500,
  structuredReference: '202600004135',
  communication: null,
  counterpartyName: 'Dupont Marie',
  counterpartyIban: 'BE14063123456783',
  ...overrides,
});

describe('bank statement import rules', () => {
  it('records money received only, up to what a family could pay', () => {
    const kept = creditTransfers([
      transfer({ amount: 4500 }),
      transfer({ amount: -3000 }),
      transfer({ amount: 0 }),
      transfer({ amount: 100_000_000 }),
      transfer({ amount: 100_000_001 }),
    ]);
    expect(kept.map((t) => t.amount)).toEqual([4500, 100_000_000]);
  });

  it('cuts texts to their columns', () => {
    const row = newBankTransaction(
      'btx_1',
      transfer({ communication: 'x'.repeat(600), counterpartyName: 'y'.repeat(300) }),
    );
    expect(row.communication).toHaveLength(500);
    expect(row.counterpartyName).toHaveLength(200);
    expect(row).toMatchObject({
      id: 'btx_1',
      key: 'BE68539007547034/REF1',
      structuredReference: '202600004135',
    });
  });

  it('slices any number of transfers into short statements, from where a resumed import stopped', () => {
    expect(slices(0)).toEqual([]);
    expect(slices(2500)).toEqual([
      { start: 0, end: IMPORT_SLICE },
      { start: IMPORT_SLICE, end: 2 * IMPORT_SLICE },
      { start: 2 * IMPORT_SLICE, end: 2500 },
    ]);
    expect(slices(2500, 2000)).toEqual([{ start: 2000, end: 2500 }]);
    expect(slices(100_000)).toHaveLength(100);
    expect(slices(100_000, 100_000)).toEqual([]);
  });

  it('imports a month of a club’s account during the upload, anything larger in the background', () => {
    expect(runsInBackground(SYNCHRONOUS_IMPORT_MAX_BYTES)).toBe(false);
    expect(runsInBackground(SYNCHRONOUS_IMPORT_MAX_BYTES + 1)).toBe(true);
  });
});
