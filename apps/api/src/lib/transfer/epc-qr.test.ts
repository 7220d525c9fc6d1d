import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { EPC_MAX_BYTES, epcQrPayload, qrSvg } from './epc-qr';

describe('EPC QR payload', () => {
  it('reproduces the worked example of the domain brief (RF reference in line 10)', () => {
    const payload = epcQrPayload({
      bic: 'GEBABEBB',
      name: 'Club Sportif ASBL',
      iban: 'BE71 0961 2345 6769',
      amountCents: 12550,
      reference: 'RF71 2348 231',
    });
    expect(payload).toBe(
      'BCD\n002\n1\nSCT\nGEBABEBB\nClub Sportif ASBL\nBE71096123456769\nEUR125.50\n\nRF712348231',
    );
    expect(Buffer.byteLength(payload)).toBe(80);
  });

  it('puts a Belgian OGM in the unstructured line 11 only', () => {
    const payload = epcQrPayload({
      name: 'Club',
      iban: 'BE71096123456769',
      amountCents: 1234,
      reference: '010806817183',
    });
    const lines = payload.split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[4]).toBe('');
    expect(lines[7]).toBe('EUR12.34');
    expect(lines[9]).toBe('');
    expect(lines[10]).toBe('+++010/8068/17183+++');
  });

  it('formats amounts with two decimals', () => {
    const line = (cents: number) =>
      epcQrPayload({ name: 'C', iban: 'BE71096123456769', amountCents: cents, reference: 'x' }).split(
        '\n',
      )[7];
    expect(line(1)).toBe('EUR0.01');
    expect(line(100)).toBe('EUR1.00');
    expect(line(99_999_999_999)).toBe('EUR999999999.99');
  });

  it('cuts the name to 70 characters and refuses bad input', () => {
    const payload = epcQrPayload({
      name: 'é'.repeat(100),
      iban: 'BE71096123456769',
      amountCents: 1,
      reference: 'x',
    });
    expect(payload.split('\n')[5]).toBe('é'.repeat(70));
    const base = { name: 'C', iban: 'BE71096123456769', amountCents: 1, reference: 'x' };
    expect(() => epcQrPayload({ ...base, amountCents: 0 })).toThrow();
    expect(() => epcQrPayload({ ...base, amountCents: 1.5 })).toThrow();
    expect(() => epcQrPayload({ ...base, iban: 'nope' })).toThrow();
    expect(() => epcQrPayload({ ...base, bic: 'BAD' })).toThrow();
    expect(() => epcQrPayload({ ...base, name: '  ' })).toThrow();
  });

  it('refuses a payload over 331 bytes', () => {
    const input = {
      bic: 'GEBABEBBXXX',
      name: 'ü'.repeat(70),
      iban: 'BE71096123456769',
      amountCents: 99_999_999_999,
      reference: 'ü'.repeat(140),
    };
    expect(() => epcQrPayload(input)).toThrow('Payload too long');
    const fitting = epcQrPayload({ ...input, name: 'a'.repeat(70), reference: 'a'.repeat(140) });
    expect(Buffer.byteLength(fitting)).toBeLessThanOrEqual(EPC_MAX_BYTES);
  });
});

describe('QR SVG', () => {
  it('draws a code at error correction M that fits version 13', () => {
    const payload = epcQrPayload({
      name: 'Club',
      iban: 'BE71096123456769',
      amountCents: 1234,
      reference: 'RF712348231',
    });
    const svg = qrSvg(payload, { title: 'Virement <EPC>' });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('<title>Virement &#60;EPC&#62;</title>');
    expect(svg).toMatch(/<path fill="#000" d="M\d/);
    const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
    expect(qr.errorCorrectionLevel.bit).toBe(
      QRCode.create('x', { errorCorrectionLevel: 'M' }).errorCorrectionLevel.bit,
    );
    expect(qr.version).toBeLessThanOrEqual(13);
  });
});
