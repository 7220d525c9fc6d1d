import { describe, expect, it } from 'vitest';
import {
  belgianReference,
  compactReference,
  formatReferenceForTransfer,
  isValidBelgianReference,
  isValidRfReference,
  referenceKind,
  rfReference,
} from './references';

describe('Belgian structured reference (OGM/VCS)', () => {
  it('computes the worked examples of the domain brief', () => {
    expect(belgianReference('0108068171')).toBe('+++010/8068/17183+++');
    expect(belgianReference('2025000123')).toBe('+++202/5000/12390+++');
    // Remainder 0 → 97, never 00.
    expect(belgianReference('0000000097')).toBe('+++000/0000/09797+++');
  });

  it('refuses anything but 10 digits', () => {
    expect(() => belgianReference('123')).toThrow();
    expect(() => belgianReference('01080681711')).toThrow();
    expect(() => belgianReference('01080681a1')).toThrow();
  });

  it('validates printed forms', () => {
    expect(isValidBelgianReference('+++010/8068/17183+++')).toBe(true);
    expect(isValidBelgianReference('***010/8068/17183***')).toBe(true);
    expect(isValidBelgianReference('010806817183')).toBe(true);
    expect(isValidBelgianReference('+++000/0000/09797+++')).toBe(true);
    expect(isValidBelgianReference('+++010/8068/17184+++')).toBe(false);
    expect(isValidBelgianReference('+++000/0000/09700+++')).toBe(false);
    expect(isValidBelgianReference('RF18539007547034')).toBe(false);
  });
});

describe('ISO 11649 creditor reference', () => {
  it('computes the worked examples of the domain brief', () => {
    expect(rfReference('2348231')).toBe('RF71 2348 231');
    expect(rfReference('539007547034')).toBe('RF18 5390 0754 7034');
    expect(rfReference('INV2025001')).toBe('RF44 INV2 0250 01');
    expect(rfReference('inv2025001')).toBe('RF44 INV2 0250 01');
  });

  it('refuses empty or too long bases', () => {
    expect(() => rfReference('')).toThrow();
    expect(() => rfReference('1234567890123456789012')).toThrow();
    expect(() => rfReference('AB-12')).toThrow();
  });

  it('validates printed and compact forms', () => {
    expect(isValidRfReference('RF18 5390 0754 7034')).toBe(true);
    expect(isValidRfReference('RF18539007547034')).toBe(true);
    expect(isValidRfReference('rf44inv2025001')).toBe(true);
    expect(isValidRfReference('RF19 5390 0754 7034')).toBe(false);
    expect(isValidRfReference('+++010/8068/17183+++')).toBe(false);
  });
});

describe('formatting for a transfer', () => {
  it('prints each kind the way a family types it', () => {
    expect(formatReferenceForTransfer('010806817183')).toBe('+++010/8068/17183+++');
    expect(formatReferenceForTransfer('rf18539007547034')).toBe('RF18 5390 0754 7034');
    expect(formatReferenceForTransfer('  Commande 42 ')).toBe('Commande 42');
    expect(referenceKind('+++010/8068/17183+++')).toBe('belgian');
    expect(referenceKind('RF71 2348 231')).toBe('rf');
    expect(referenceKind('hello')).toBe('free');
    expect(compactReference('+++010/8068/17183+++')).toBe('010806817183');
    expect(compactReference('RF71 2348 231')).toBe('RF712348231');
  });
});
