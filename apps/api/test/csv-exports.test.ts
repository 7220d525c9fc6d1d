import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Every CSV export goes through the one writer (lib/csv.ts): a name typed as a formula comes out as text a
 * spreadsheet does not evaluate, while amounts stay numbers an accountant can sum.
 */

const ORG = 'org_demo';
const FORMULA = '=HYPERLINK("http://evil.test";"x")';
const NEUTRALISED = `"'=HYPERLINK(""http://evil.test"";""x"")"`;

let t: TestApp;
let admin: string;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn(DEMO_ACCOUNTS.admin)).accessToken;
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
});
afterAll(() => t?.close());

const call = (
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  query?: Record<string, string>,
) => t.request(method, url, { token, organizationId: ORG, body, query });

/** The export's lines after its byte order mark, without the last CRLF. */
function linesOf(body: string): string[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(1, -2).split('\r\n');
}

describe('CSV exports neutralise formulas', () => {
  it('the invoice export: a company named as a formula is text; its amounts stay numbers', async () => {
    const created = await call(manager, 'POST', '/api/invoices', {
      company: {
        name: FORMULA,
        vatNumber: 'BE0428759497',
        address: '@Avenue Louise 10',
        city: 'Bruxelles',
        postalCode: '1050',
        country: 'BEL',
      },
      lines: [{ description: '-Location', quantity: 2, unitPrice: 12_100, taxPercentage: 2100 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const invoice = created.json();
    const credit = await call(manager, 'POST', '/api/credit-notes', {
      invoiceId: invoice.id,
      reason: 'Geste',
      lines: [{ description: 'Geste', quantity: 1, unitPrice: 1250, taxPercentage: 2100 }],
    });
    expect(credit.statusCode, credit.body).toBe(201);

    const csv = await call(manager, 'GET', '/api/invoices/export.csv', undefined, { q: 'HYPERLINK' });
    expect(csv.statusCode, csv.body).toBe(200);
    const [, row, ...rest] = linesOf(csv.body);
    expect(rest).toEqual([]);
    // Text cells quoted, as this export always did; amounts bare, with the French decimal comma.
    const cells = [
      `"${invoice.number}"`,
      `"${invoice.issueDate}"`,
      `"${invoice.dueDate}"`,
      NEUTRALISED,
      NEUTRALISED,
      '"BE0428759497"',
      '"En attente de paiement"',
      // The demo organisation is not subject to VAT: no tax.
      '242,00;0,00;12,50;0,00;229,50',
      '""',
    ];
    expect(row).toBe(cells.join(';'));
  });

  it('the members export: a member named as a formula is text', async () => {
    const created = await call(admin, 'POST', '/api/members', {
      person: {
        gender: 'O',
        firstName: FORMULA,
        lastName: '+Dupont',
        birthdate: '1990-01-01',
        address: 'Rue du Test 1',
        city: 'Bruxelles',
        postalCode: '1000',
        country: 'BEL',
        phoneNumber: '+32 470 12 34 56',
        email: 'csv-formula@demo.test',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const csv = await call(manager, 'GET', '/api/members/export.csv', undefined, { q: 'csv-formula@' });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, row, ...rest] = linesOf(csv.body);
    expect(header!.startsWith('Prénom;Nom;E-mail;Téléphone;')).toBe(true);
    expect(rest).toEqual([]);
    // The phone number starts with '+': typed text, neutralised too.
    expect(row!.startsWith(`${NEUTRALISED};'+Dupont;csv-formula@demo.test;'+32`)).toBe(true);
  });
});
