import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema';
import { createActivity, createFamilies } from './helpers/order-fixtures';
import { pdfText } from './helpers/pdf-text';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Parents never see internal ids: an order is named by its date and its invoice's number, in the lists,
 * on its page, in its PDF (and the PDF's file name).
 */

const ORG = 'org_demo';
const DAY = 86_400_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .update(organizations)
    .set({ iban: 'BE71096123456769', bic: 'GEBABEBB', billingCountry: 'BEL' })
    .where(eq(organizations.id, ORG));
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.request(method, url, { token, organizationId: ORG, body });

describe('how an order is named for a family', () => {
  it('by its date and its invoice number, never by its id', async () => {
    const start = new Date(Date.now() + 20 * DAY);
    const a = await createActivity(t.db, { name: 'Gymnastique', sessions: [{ start }] });
    const [family] = await createFamilies(t.app.ctx, 1);
    const added = await call(family!.token, 'POST', '/api/cart/items', {
      blueprintId: a.blueprintId,
      serviceIds: a.serviceIds,
      memberIds: [family!.childId],
    });
    expect(added.json().added, added.body).toHaveLength(1);
    const checkout = await call(family!.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const orderId = (checkout.json() as { order: { id: string } }).order.id;

    const list = (await call(family!.token, 'GET', '/api/orders')).json() as {
      items: { id: string; invoiceNumber: string | null }[];
    };
    const summary = list.items.find((o) => o.id === orderId)!;
    expect(summary.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    const detail = (await call(family!.token, 'GET', `/api/orders/${orderId}`)).json() as {
      invoiceNumber: string | null;
      createdAt: string;
    };
    expect(detail.invoiceNumber).toBe(summary.invoiceNumber);

    const pdf = await call(family!.token, 'GET', `/api/orders/${orderId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const day = new Intl.DateTimeFormat('fr-BE', {
      timeZone: 'Europe/Brussels',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date(detail.createdAt));
    const [dd, mm, yyyy] = day.split('/');
    expect(pdf.headers['content-disposition']).toContain(
      `commande-${yyyy}-${mm}-${dd}-${summary.invoiceNumber}.pdf`,
    );
    expect(pdf.headers['content-disposition']).not.toContain('ord_');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Bon de commande\nCommande du ${dd}/${mm}/${yyyy}\n`);
    expect(text).toContain(`${dd}/${mm}/${yyyy} En attente Virement bancaire ${summary.invoiceNumber}`);
    expect(text).not.toContain('ord_');
  });
});
