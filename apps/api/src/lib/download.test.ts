import { describe, expect, it } from 'vitest';
import { safeFileName } from './download';

describe('safeFileName', () => {
  it('keeps a plain name and cannot break out of the header', () => {
    expect(safeFileName('facture-2026-000123.pdf')).toBe('facture-2026-000123.pdf');
    expect(safeFileName('a"\r\nSet-Cookie: x.pdf')).toBe('a___Set-Cookie__x.pdf');
    expect(safeFileName('relevé juin.csv')).toBe('releve_juin.csv');
  });
});
