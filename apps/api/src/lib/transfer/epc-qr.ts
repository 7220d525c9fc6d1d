import QRCode from 'qrcode';
import { centsToDecimal } from '../money';
import { compactReference, formatReferenceForTransfer, referenceKind } from './references';

/** EPC069-12 limit on the whole payload (UTF-8 bytes), which fits a version-13 QR code at level M. */
export const EPC_MAX_BYTES = 331;

export interface EpcQrInput {
  /** BIC (8 or 11), optional in version 002. */
  bic?: string | null;
  /** Beneficiary name, cut to 70 characters. */
  name: string;
  iban: string;
  /** Cents, 1 to 99 999 999 999. */
  amountCents: number;
  /** RF reference (line 10, structured), Belgian OGM or free text (line 11, unstructured). */
  reference: string;
}

export class EpcQrError extends Error {}

/**
 * The "BCD" payload of an SEPA credit transfer QR code (EPC069-12 version 002, UTF-8). An RF reference goes
 * in the structured field (line 10); a Belgian OGM — whose acceptance in line 10 is not verified — or any
 * other text goes in the unstructured remittance (line 11); never both. Trailing empty lines are omitted.
 */
export function epcQrPayload(input: EpcQrInput): string {
  const iban = input.iban.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) throw new EpcQrError('Invalid IBAN');
  const bic = (input.bic ?? '').replace(/\s/g, '').toUpperCase();
  if (bic !== '' && !/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic)) throw new EpcQrError('Invalid BIC');
  if (!Number.isInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > 99_999_999_999) {
    throw new EpcQrError('Amount out of range');
  }
  const name = [...input.name.replace(/\s+/g, ' ').trim()].slice(0, 70).join('');
  if (name === '') throw new EpcQrError('Missing beneficiary name');

  const kind = referenceKind(input.reference);
  const structured = kind === 'rf' ? compactReference(input.reference) : '';
  const unstructured =
    kind === 'rf'
      ? ''
      : [...formatReferenceForTransfer(input.reference).replace(/\n/g, ' ')].slice(0, 140).join('');

  const lines = [
    'BCD',
    '002',
    '1',
    'SCT',
    bic,
    name,
    iban,
    `EUR${centsToDecimal(input.amountCents)}`,
    '',
    structured,
    unstructured,
  ];
  while (lines.at(-1) === '') lines.pop();
  const payload = lines.join('\n');
  if (Buffer.byteLength(payload, 'utf8') > EPC_MAX_BYTES) throw new EpcQrError('Payload too long');
  return payload;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The QR code of a payload as a standalone SVG (error correction M, 4-module quiet zone, black on white),
 * drawn synchronously from the `qrcode` package's matrix.
 */
export function qrSvg(payload: string, options: { title?: string } = {}): string {
  const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const margin = 4;
  const total = size + margin * 2;
  let path = '';
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && qr.modules.get(row, col)) col++;
      path += `M${start + margin} ${row + margin}h${col - start}v1h-${col - start}z`;
    }
  }
  const title = options.title ? `<title>${escapeXml(options.title)}</title>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges" role="img">` +
    `${title}<rect width="${total}" height="${total}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
  );
}
