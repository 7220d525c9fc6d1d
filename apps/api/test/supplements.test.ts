import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createActivity, createFamilies, createPeriod, type FamilyFixture } from './helpers/order-fixtures';
import { pdfText } from './helpers/pdf-text';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Supplements and their frequency (DESIGN section 10): a `once` supplement (a T-shirt, a licence) is
 * charged once per participant, activity and period; a `per-session` one (a meal) on every session.
 * Each is its own line in the cart, the order, the invoice and its PDF, and a cancellation credits what
 * it should.
 */

const ORG = 'org_demo';
const DAY = 86_400_000;

let t: TestApp;
let manager: string;

const inDays = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(9, 0, 0, 0);
  return d;
};

beforeAll(async () => {
  t = await createTestApp();
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  await t.db
    .update(organizations)
    .set({ iban: 'BE71096123456769', bic: 'GEBABEBB', billingCountry: 'BEL', vatRegime: 'subject' })
    .where(eq(organizations.id, ORG));
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  t.request(method, url, { token, organizationId: ORG, body });

interface Line {
  participantId: string;
  unitPrice: number;
  supplements: { name: string; price: number; frequency: string }[];
  totalAmount: number;
  taxAmount: number;
}

/** Football (25 €, 6 % VAT) with the T-shirt (once), a licence by age bracket (once) and a meal (per session). */
async function football(sessions: number, periodId: string | null) {
  return createActivity(t.db, {
    name: 'Football',
    price: 2500,
    taxPercentage: 600,
    supplements: [
      { name: 'T-shirt du club', price: 1500 },
      { name: 'Repas', price: 800, frequency: 'per-session' },
      { name: 'Licence', price: 1000, minAge: 0, maxAge: 1200 },
    ],
    sessions: Array.from({ length: sessions }, (_, i) => ({ start: inDays(10 + 7 * i), periodId })),
  });
}

async function add(family: FamilyFixture, body: Record<string, unknown>) {
  const r = await call(family.token, 'POST', '/api/cart/items', { memberIds: [family.childId], ...body });
  expect(r.statusCode, r.body).toBe(200);
  const json = r.json() as {
    added: Line[];
    refused: unknown[];
    cart: { items: Line[]; totalAmount: number };
  };
  expect(json.refused).toEqual([]);
  return json;
}

async function checkout(family: FamilyFixture) {
  const r = await call(family.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().order as { id: string; totalAmount: number; taxAmount: number; lines: Line[] };
}

async function invoiceOf(family: FamilyFixture, orderId: string) {
  const page = await t.request('GET', '/api/invoices', {
    token: family.token,
    organizationId: ORG,
    query: { orderId },
  });
  expect(page.statusCode, page.body).toBe(200);
  const [summary] = page.json().items as { id: string }[];
  const detail = await call(family.token, 'GET', `/api/invoices/${summary!.id}`);
  expect(detail.statusCode, detail.body).toBe(200);
  return detail.json() as {
    id: string;
    number: string;
    totalAmount: number;
    taxAmount: number;
    creditedAmount: number;
    lines: { description: string; unitPrice: number; totalAmount: number; taxAmount: number }[];
    creditNotes: { id: string; totalAmount: number }[];
  };
}

const names = (line: Line) => line.supplements.map((s) => s.name);

describe('supplement frequency in the cart', () => {
  it('charges the once T-shirt on one of two sessions of a period, the meal on both', async () => {
    const periodId = await createPeriod(t.db, {});
    const a = await football(2, periodId);
    const [family] = await createFamilies(t.app.ctx, 1);
    const result = await add(family!, {
      blueprintId: a.blueprintId,
      serviceIds: a.serviceIds,
      supplementIds: [a.supplementIds[0], a.supplementIds[1]],
    });
    expect(result.added.map(names)).toEqual([['T-shirt du club', 'Repas', 'Licence'], ['Repas']]);
    expect(result.added.map((l) => l.totalAmount)).toEqual([2500 + 1500 + 800 + 1000, 2500 + 800]);
    expect(result.added[0]!.supplements[0]).toMatchObject({ price: 1500, frequency: 'once' });
    expect(result.added[0]!.supplements[1]).toMatchObject({ price: 800, frequency: 'per-session' });
    // 6 % VAT included, of each part: 2500 → 142, 1500 → 85, 800 → 45, 1000 → 57.
    expect(result.added[0]!.taxAmount).toBe(142 + 85 + 45 + 57);
    expect(result.cart.totalAmount).toBe(2 * 2500 + 1500 + 2 * 800 + 1000);

    // Read again, the cart says the same; removing the line that carried the T-shirt moves it.
    const cart = (await call(family!.token, 'GET', '/api/cart')).json() as {
      items: Line[];
      totalAmount: number;
    };
    expect(cart.items.map(names)).toEqual([['T-shirt du club', 'Repas', 'Licence'], ['Repas']]);
    await call(family!.token, 'DELETE', `/api/cart/items/${cart.items[0]!.participantId}`);
    const after = (await call(family!.token, 'GET', '/api/cart')).json() as {
      items: Line[];
      totalAmount: number;
    };
    expect(after.items.map(names)).toEqual([['T-shirt du club', 'Repas', 'Licence']]);
    expect(after.totalAmount).toBe(2500 + 1500 + 800 + 1000);
  });

  it('« Toutes les séances de la période » charges the T-shirt once and the meal per session', async () => {
    const periodId = await createPeriod(t.db, {});
    const a = await football(3, periodId);
    const [family] = await createFamilies(t.app.ctx, 1);
    const result = await add(family!, {
      blueprintId: a.blueprintId,
      periodId,
      supplementIds: [a.supplementIds[0], a.supplementIds[1]],
    });
    expect(result.added).toHaveLength(3);
    expect(result.added.map(names)).toEqual([['T-shirt du club', 'Repas', 'Licence'], ['Repas'], ['Repas']]);
    expect(result.cart.totalAmount).toBe(3 * 2500 + 1500 + 3 * 800 + 1000);
  });

  it('charges the T-shirt again in another period, and groups sessions without a period by activity', async () => {
    const [p1, p2] = [await createPeriod(t.db, {}), await createPeriod(t.db, {})];
    const a = await createActivity(t.db, {
      name: 'Judo',
      price: 2000,
      supplements: [{ name: 'T-shirt du club', price: 1500 }],
      sessions: [
        { start: inDays(10), periodId: p1 },
        { start: inDays(11), periodId: p2 },
        { start: inDays(12), periodId: null },
        { start: inDays(13), periodId: null },
      ],
    });
    const [family] = await createFamilies(t.app.ctx, 1);
    const result = await add(family!, {
      blueprintId: a.blueprintId,
      serviceIds: a.serviceIds,
      supplementIds: [a.supplementIds[0]],
    });
    expect(result.added.map(names)).toEqual([
      ['T-shirt du club'],
      ['T-shirt du club'],
      ['T-shirt du club'],
      [],
    ]);
  });
});

describe('supplements on the order, the invoice and the credit notes', () => {
  it('lists each supplement as its own line; a later order of the period does not charge the T-shirt again; cancelling credits what each registration brought', async () => {
    const periodId = await createPeriod(t.db, {});
    const a = await football(3, periodId);
    const [family] = await createFamilies(t.app.ctx, 1);
    const chosen = [a.supplementIds[0], a.supplementIds[1]];
    await add(family!, {
      blueprintId: a.blueprintId,
      serviceIds: a.serviceIds.slice(0, 2),
      supplementIds: chosen,
    });
    const order = await checkout(family!);
    const total = 2 * 2500 + 1500 + 2 * 800 + 1000;
    expect(order.totalAmount).toBe(total);
    expect(order.lines.map(names)).toEqual([['T-shirt du club', 'Repas', 'Licence'], ['Repas']]);
    expect(order.lines.map((l) => l.unitPrice)).toEqual([2500, 2500]);

    // The order page reads the same.
    const page = (await call(family!.token, 'GET', `/api/orders/${order.id}`)).json() as {
      totalAmount: number;
      lines: Line[];
    };
    expect(page.lines.map(names)).toEqual([['T-shirt du club', 'Repas', 'Licence'], ['Repas']]);

    // The invoice: the session, then each supplement, each at its own price; totals and VAT exact.
    const invoice = await invoiceOf(family!, order.id);
    expect(invoice.lines.map((l) => [l.description.split(' — ')[0], l.unitPrice])).toEqual([
      ['Football', 2500],
      ['Supplément T-shirt du club (une fois par période)', 1500],
      ['Supplément Repas (à chaque séance)', 800],
      ['Supplément Licence (une fois par période)', 1000],
      ['Football', 2500],
      ['Supplément Repas (à chaque séance)', 800],
    ]);
    expect(invoice.totalAmount).toBe(total);
    expect(invoice.taxAmount).toBe(order.taxAmount);
    expect(invoice.taxAmount).toBe(invoice.lines.reduce((sum, l) => sum + l.taxAmount, 0));
    expect(invoice.lines[1]!.description).toMatch(
      /^Supplément T-shirt du club \(une fois par période\) — Football — /,
    );

    const pdf = await call(family!.token, 'GET', `/api/invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    // Each supplement its own row (its description may wrap onto the next lines).
    expect(text).toMatch(/^Supplément T-shirt du club \(une fois par .*1 15,00 € 6 % 14,15 € 15,00 €$/m);
    expect(text).toMatch(/^Supplément Repas \(à chaque séance\) .*1 8,00 € 6 % 7,55 € 8,00 €$/m);
    const orderPdf = await call(family!.token, 'GET', `/api/orders/${order.id}/pdf`);
    expect(await pdfText(orderPdf.rawPayload)).toContain(
      '+ T-shirt du club (une fois par période) 1 15,00 €',
    );

    // A later order in the same period: the T-shirt and the licence were charged already, the meal is not.
    const later = await add(family!, {
      blueprintId: a.blueprintId,
      serviceIds: [a.serviceIds[2]],
      supplementIds: chosen,
    });
    expect(later.added.map(names)).toEqual([['Repas']]);
    const second = await checkout(family!);
    expect(second.totalAmount).toBe(2500 + 800);
    const secondInvoice = await invoiceOf(family!, second.id);
    expect(secondInvoice.lines.map((l) => l.unitPrice)).toEqual([2500, 800]);

    // Cancelling the first session: its session and its meal are credited; the T-shirt and the licence
    // stay (the member still attends the period).
    const cancel = async (participantId: string) => {
      const r = await call(manager, 'POST', `/api/participants/${participantId}/cancel`, {});
      expect(r.statusCode, r.body).toBe(200);
    };
    const notesOf = async (invoiceId: string) => {
      const detail = (await call(family!.token, 'GET', `/api/invoices/${invoiceId}`)).json() as {
        creditNotes: { id: string }[];
      };
      return Promise.all(
        detail.creditNotes.map(async (n) => {
          const note = (await call(family!.token, 'GET', `/api/credit-notes/${n.id}`)).json() as {
            totalAmount: number;
            lines: { description: string; totalAmount: number }[];
          };
          return { total: note.totalAmount, lines: note.lines.map((l) => l.description.split(' — ')[0]) };
        }),
      );
    };
    await cancel(order.lines[0]!.participantId);
    expect(await notesOf(invoice.id)).toEqual([
      { total: 2500 + 800, lines: ['Football', 'Supplément Repas (à chaque séance)'] },
    ]);
    await cancel(order.lines[1]!.participantId);
    const sessionCredit = { total: 2500 + 800, lines: ['Football', 'Supplément Repas (à chaque séance)'] };
    expect(await notesOf(invoice.id)).toEqual([sessionCredit, sessionCredit]);
    // The last registration of the period goes: with it, the T-shirt and the licence of the first order.
    await cancel(second.lines[0]!.participantId);
    expect(await notesOf(secondInvoice.id)).toEqual([sessionCredit]);
    const notes = await notesOf(invoice.id);
    expect(notes).toHaveLength(3);
    expect(notes).toContainEqual({
      total: 1500 + 1000,
      lines: [
        'Supplément T-shirt du club (une fois par période)',
        'Supplément Licence (une fois par période)',
      ],
    });
    const closed = await invoiceOf(family!, order.id);
    expect(closed.creditedAmount).toBe(total);

    const notePdf = await call(
      family!.token,
      'GET',
      `/api/credit-notes/${closed.creditNotes.find((n) => n.totalAmount === 2500)!.id}/pdf`,
    );
    expect(await pdfText(notePdf.rawPayload)).toMatch(
      /^Supplément T-shirt du club \(une fois par .*15,00 €$/m,
    );
  });
});
