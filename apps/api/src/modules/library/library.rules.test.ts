import { describe, expect, it } from 'vitest';
import { isPdf, legalFileName, maySee } from './library.rules';

describe('isPdf', () => {
  it('accepts bytes that start with %PDF-, whatever follows', () => {
    expect(isPdf(Buffer.from('%PDF-1.7\n%âãÏÓ\n'))).toBe(true);
  });

  it('refuses an SVG, an HTML page, an image or a PDF header further in the file', () => {
    expect(
      isPdf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBe(false);
    expect(isPdf(Buffer.from('<!doctype html><p>%PDF-1.4'))).toBe(false);
    expect(isPdf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe(false);
    expect(isPdf(Buffer.from(' %PDF-1.4'))).toBe(false);
    expect(isPdf(Buffer.from('%PDF-'))).toBe(false);
  });
});

describe('maySee', () => {
  const legal = {
    kind: 'legal.roi' as const,
    familyId: null,
    establishmentId: null,
    publishedAt: new Date(),
  };
  const report = {
    kind: 'report.orders' as const,
    familyId: null,
    establishmentId: 'est_b',
    publishedAt: null,
  };
  const certificate = {
    kind: 'certificate.tax' as const,
    familyId: 'fam_1',
    establishmentId: null,
    publishedAt: null,
  };

  it('shows a family its own documents and the published legal ones, never a draft or another family’s', () => {
    const family = { kind: 'family' as const, familyId: 'fam_1' };
    expect(maySee(family, certificate)).toBe(true);
    expect(maySee(family, { ...certificate, familyId: 'fam_2' })).toBe(false);
    expect(maySee(family, legal)).toBe(true);
    expect(maySee(family, { ...legal, publishedAt: null })).toBe(false);
    expect(maySee(family, report)).toBe(false);
  });

  it('shows an establishment manager his establishment’s documents and the legal ones only', () => {
    const manager = { kind: 'manager' as const, establishmentId: 'est_a', billing: false };
    expect(maySee(manager, report)).toBe(false);
    expect(maySee(manager, { ...report, establishmentId: 'est_a' })).toBe(true);
    expect(maySee(manager, legal)).toBe(true);
    expect(maySee({ ...manager, establishmentId: null }, report)).toBe(true);
  });

  it('names a legal file by its kind and version', () => {
    expect(legalFileName('legal.roi', 3)).toBe('roi-v3.pdf');
    expect(legalFileName('legal.mentions', 1)).toBe('mentions-legales-v1.pdf');
  });
});
