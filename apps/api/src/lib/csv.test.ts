import { describe, expect, it } from 'vitest';
import { csvAmount, csvCell, csvLine } from './csv';

describe('csvCell', () => {
  it('leaves plain text, numbers and empty cells as they are', () => {
    expect(csvCell('Dupont')).toBe('Dupont');
    expect(csvCell('Élodie')).toBe('Élodie');
    expect(csvCell(3)).toBe('3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a cell that holds the separator, a quote or a line break', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('Le "Club"')).toBe('"Le ""Club"""');
    expect(csvCell('ligne 1\nligne 2')).toBe('"ligne 1\nligne 2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('neutralises text that a spreadsheet would read as a formula (= + - @ tab CR)', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+cmd|calc')).toBe("'+cmd|calc");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('=HYPERLINK("http://evil.test";"x")')).toBe(`"'=HYPERLINK(""http://evil.test"";""x"")"`);
    // Only the first character counts.
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes every text cell when asked, empty ones included', () => {
    const always = { quoteText: 'always' } as const;
    expect(csvCell('Dupont', always)).toBe('"Dupont"');
    expect(csvCell(null, always)).toBe('""');
    expect(csvCell('=1+1', always)).toBe(`"'=1+1"`);
    expect(csvCell(3, always)).toBe('3');
  });

  it('writes amounts as numbers a spreadsheet sums, a negative one included (never neutralised)', () => {
    expect(csvCell(csvAmount(1250))).toBe('12,50');
    expect(csvCell(csvAmount(-1250))).toBe('-12,50');
    expect(csvCell(csvAmount(-1250), { quoteText: 'always', decimalSeparator: '.' })).toBe('-12.50');
    expect(csvCell(csvAmount(0))).toBe('0,00');
    expect(csvCell(-3)).toBe('-3');
    // The same characters typed as text are neutralised.
    expect(csvCell('-12,50')).toBe("'-12,50");
  });

  it('refuses what is not a number', () => {
    expect(() => csvCell(Number.NaN)).toThrow(RangeError);
    expect(() => csvCell(csvAmount(1.5))).toThrow(RangeError);
  });
});

describe('csvLine', () => {
  it('joins with ; and ends with CRLF', () => {
    expect(csvLine(['a', 1, null, csvAmount(-5)])).toBe('a;1;;-0,05\r\n');
    expect(csvLine(['=x', 'y'], { quoteText: 'always' })).toBe(`"'=x";"y"\r\n`);
  });
});
