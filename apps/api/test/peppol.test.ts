import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { belgianBilling, OTHER_CLUB, otherClubManager } from './helpers/clubs';
import { createActivity, createFamilies } from './helpers/order-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Invoices and credit notes of business customers as Peppol BIS Billing 3.0 files, over HTTP. */

const ORG = 'org_demo';
let t: TestApp;
let manager: string;
let otherManager: string;

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (n) => n.endsWith('Line'),
});
const call = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.request(method, url, { token, organizationId: ORG, body });

beforeAll(async () => {
  t = await createTestApp();
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  await belgianBilling(t.db, ORG);
  otherManager = await otherClubManager(t);
});
afterAll(() => t?.close());

async function companyInvoice() {
  const created = await call(manager, 'POST', '/api/invoices', {
    company: {
      name: 'ACME SPRL',
      vatNumber: 'BE0428759497',
      address: 'Avenue Louise 10',
      city: 'Bruxelles',
      postalCode: '1050',
      country: 'BEL',
    },
    lines: [
      { description: 'Location de la salle', quantity: 2, unitPrice: 12_100, taxPercentage: 2_100 },
      { description: 'Team building', quantity: 1, unitPrice: 5_000, taxPercentage: 600 },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: string; number: string; totalAmount: number; taxAmount: number };
}

describe('Peppol BIS Billing 3.0 downloads', () => {
  it('a manager downloads a company invoice and its credit note as UBL files with the invoice’s own figures', async () => {
    const invoice = await companyInvoice();
    const ubl = await call(manager, 'GET', `/api/invoices/${invoice.id}/ubl`);
    expect(ubl.statusCode, ubl.body).toBe(200);
    expect(ubl.headers['content-type']).toContain('application/xml');
    expect(ubl.headers['content-disposition']).toBe(`attachment; filename="facture-${invoice.number}.xml"`);
    expect(ubl.headers['cache-control']).toContain('no-store');
    const doc = parser.parse(ubl.body).Invoice;
    expect(doc['cbc:ID']).toBe(invoice.number);
    expect(doc['cac:AccountingCustomerParty']['cac:Party']['cbc:EndpointID']).toEqual({
      '#text': '0428759497',
      '@_schemeID': '0208',
    });
    const totals = doc['cac:LegalMonetaryTotal'];
    expect(Math.round(Number(totals['cbc:TaxInclusiveAmount']['#text']) * 100)).toBe(invoice.totalAmount);
    expect(Math.round(Number(doc['cac:TaxTotal']['cbc:TaxAmount']['#text']) * 100)).toBe(invoice.taxAmount);
    expect(
      doc['cac:InvoiceLine'].map((l: { 'cac:Item': { 'cbc:Name': string } }) => l['cac:Item']['cbc:Name']),
    ).toEqual(['Location de la salle', 'Team building']);

    const note = await call(manager, 'POST', '/api/credit-notes', {
      invoiceId: invoice.id,
      reason: 'Salle non disponible',
      lines: [{ description: 'Location de la salle', quantity: 1, unitPrice: 12_100, taxPercentage: 2_100 }],
    });
    expect(note.statusCode, note.body).toBe(201);
    const noteUbl = await call(manager, 'GET', `/api/credit-notes/${note.json().id}/ubl`);
    expect(noteUbl.statusCode, noteUbl.body).toBe(200);
    const credit = parser.parse(noteUbl.body).CreditNote;
    expect(credit['cac:BillingReference']['cac:InvoiceDocumentReference']['cbc:ID']).toBe(invoice.number);
    expect(credit['cac:LegalMonetaryTotal']['cbc:PayableAmount']['#text']).toBe('121.00');
  });

  it('refuses a private customer’s invoice with a clear message, and shows no one else’s', async () => {
    const activity = await createActivity(t.db, {
      name: 'Stage',
      price: 4_500,
      sessions: [{ start: new Date(Date.now() + 10 * 86_400_000) }],
    });
    const [family, stranger] = await createFamilies(t.app.ctx, 2);
    await call(family!.token, 'POST', '/api/cart/items', {
      blueprintId: activity.blueprintId,
      serviceIds: activity.serviceIds,
      memberIds: [family!.childId],
    });
    const checkout = await call(family!.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const invoiceId = (await call(family!.token, 'GET', '/api/invoices')).json().items[0].id as string;

    const refused = await call(family!.token, 'GET', `/api/invoices/${invoiceId}/ubl`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'peppol_buyer_not_company',
      message: "Le format Peppol n'existe que pour un client entreprise avec un numéro de TVA",
    });

    const company = await companyInvoice();
    for (const token of [stranger!.token, family!.token]) {
      expect((await call(token, 'GET', `/api/invoices/${company.id}/ubl`)).statusCode).toBe(404);
    }
    const fromOtherClub = await t.request('GET', `/api/invoices/${company.id}/ubl`, {
      token: otherManager,
      organizationId: OTHER_CLUB,
    });
    expect(fromOtherClub.statusCode).toBe(404);
    expect((await call(manager, 'GET', '/api/invoices/inv_inconnue/ubl')).statusCode).toBe(404);
    expect((await call(manager, 'GET', `/api/credit-notes/${'x'.repeat(150)}/ubl`)).statusCode).toBe(400);
    expect(
      (await t.request('GET', `/api/invoices/${company.id}/ubl`, { organizationId: ORG })).statusCode,
    ).toBe(401);
  });
});
