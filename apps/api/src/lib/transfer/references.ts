import { mod97 } from '@inscrio/shared';

/**
 * Structured transfer references (domain brief §3): the Belgian OGM/VCS (`+++DDD/DDDD/DDDDD+++`, also
 * accepted in Luxembourg) and the ISO 11649 creditor reference (`RF…`, used in France).
 */

/** The 2 check digits of a Belgian reference: the 10 digits mod 97, 97 when the remainder is 0. */
function belgianCheck(tenDigits: string): string {
  const remainder = mod97(tenDigits);
  return String(remainder === 0 ? 97 : remainder).padStart(2, '0');
}

/** `0108068171` → `+++010/8068/17183+++`. */
export function belgianReference(tenDigits: string): string {
  if (!/^\d{10}$/.test(tenDigits)) throw new Error('A Belgian structured reference is built from 10 digits');
  const all = tenDigits + belgianCheck(tenDigits);
  return `+++${all.slice(0, 3)}/${all.slice(3, 7)}/${all.slice(7)}+++`;
}

/** Accepts `+++010/8068/17183+++`, `***010/8068/17183***` or the 12 bare digits. */
export function isValidBelgianReference(value: string): boolean {
  const digits = value
    .trim()
    .replace(/^(\+{3}|\*{3})(.*)\1$/, '$2')
    .replace(/[/\s]/g, '');
  if (!/^\d{12}$/.test(digits)) return false;
  return belgianCheck(digits.slice(0, 10)) === digits.slice(10);
}

/** Groups of 4 characters separated by spaces, as printed. */
function inBlocksOfFour(value: string): string {
  return value.replace(/(.{4})(?=.)/g, '$1 ');
}

/** `539007547034` → `RF18 5390 0754 7034` (ISO 11649, printed in blocks of 4). */
export function rfReference(base: string): string {
  const reference = base.replace(/\s/g, '').toUpperCase();
  if (!/^[0-9A-Z]{1,21}$/.test(reference)) {
    throw new Error('An RF reference is built from 1 to 21 letters or digits');
  }
  const check = 98 - mod97(`${reference}RF00`);
  return inBlocksOfFour(`RF${String(check).padStart(2, '0')}${reference}`);
}

export function isValidRfReference(value: string): boolean {
  const compact = value.replace(/\s/g, '').toUpperCase();
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(compact)) return false;
  return mod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}

export type ReferenceKind = 'belgian' | 'rf' | 'free';

/** What kind of reference a printed value is. */
export function referenceKind(value: string): ReferenceKind {
  if (isValidBelgianReference(value)) return 'belgian';
  if (isValidRfReference(value)) return 'rf';
  return 'free';
}

/**
 * The reference as the family types it in its banking app: the OGM in its `+++…+++` form, the RF
 * reference in blocks of 4, anything else trimmed.
 */
export function formatReferenceForTransfer(value: string): string {
  switch (referenceKind(value)) {
    case 'belgian': {
      const digits = value.replace(/\D/g, '');
      return belgianReference(digits.slice(0, 10));
    }
    case 'rf':
      return inBlocksOfFour(value.replace(/\s/g, '').toUpperCase());
    default:
      return value.trim();
  }
}

/** The reference without presentation (no spaces; OGM as its 12 digits), as put in an EPC QR code. */
export function compactReference(value: string): string {
  switch (referenceKind(value)) {
    case 'belgian':
      return value.replace(/\D/g, '');
    case 'rf':
      return value.replace(/\s/g, '').toUpperCase();
    default:
      return value.trim();
  }
}
