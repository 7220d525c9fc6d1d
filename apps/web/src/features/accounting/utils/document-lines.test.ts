import { describe, expect, it } from 'vitest';
import { hundredthsText, linesTotal, parseHundredths, parseInteger, toManualLine } from './document-lines';

describe('typed document lines', () => {
  it('reads euros and percentages in hundredths, with a comma or a dot', () => {
    expect(parseHundredths('12,50')).toBe(1250);
    expect(parseHundredths('12.5')).toBe(1250);
    expect(parseHundredths(' 1 250 € ')).toBe(125000);
    expect(parseHundredths('5,5 %')).toBe(550);
    expect(parseHundredths('21')).toBe(2100);
    expect(parseHundredths('')).toBeUndefined();
    // Unreadable: passed on as typed, for the schema's format message.
    expect(parseHundredths('12,505')).toBe('12,505');
    expect(parseHundredths('-3')).toBe('-3');
  });

  it('reads a whole quantity', () => {
    expect(parseInteger('3')).toBe(3);
    expect(parseInteger(' ')).toBeUndefined();
    expect(parseInteger('1,5')).toBe('1,5');
  });

  it("turns a line into the API's units", () => {
    expect(
      toManualLine({ description: 'Stage', quantity: '2', unitPrice: '12,50', taxPercentage: '6' }),
    ).toEqual({ description: 'Stage', quantity: 2, unitPrice: 1250, taxPercentage: 600 });
  });

  it('totals the readable lines with the VAT they include, rounded per line like the API', () => {
    expect(
      linesTotal([
        { description: 'a', quantity: '2', unitPrice: '12,50', taxPercentage: '21' },
        { description: 'b', quantity: '1', unitPrice: '10', taxPercentage: '6' },
        { description: 'c', quantity: '1', unitPrice: 'abc', taxPercentage: '6' },
      ]),
    ).toEqual({ total: 3500, tax: 434 + 57 });
  });

  it('shows hundredths the way each language types them', () => {
    expect(hundredthsText(600, 'fr', true)).toBe('6');
    expect(hundredthsText(550, 'fr', true)).toBe('5,5');
    expect(hundredthsText(1250, 'en')).toBe('12.50');
  });
});
