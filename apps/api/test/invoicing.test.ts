import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { auditEvents, organizations, payments } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { markOverdueInvoices } from '../src/modules/invoicing/overdue.job';
import { type FakeMollie, startFakeMollie, deliverTo } from './helpers/fake-mollie';
import { createActivity, createFamilies, type FamilyFixture, signAgain } from './helpers/order-fixtures';
import { multipart } from './helpers/multipart';
import { pdfText } from './helpers/pdf-text';
import { belgianBilling, otherClubManager } from './helpers/clubs';
import { createTestApp, type TestApp } from './helpers/test-app';

const ORG = 'org_demo';
const DAY = 86_400_000;
const BASE_HOST = 'localhost:3000';
const YEAR = new Date().getFullYear();

let t: TestApp;
let mollie: FakeMollie;
let manager: string;
let otherManager: string;

const inDays = (days: number) => new Date(Date.now() + days * DAY);

beforeAll(async () => {
  mollie = await startFakeMollie({ onboardingStatus: 'completed', canReceivePayments: true });
  t = await createTestApp({ env: mollie.env });
  mollie.setDeliver(deliverTo(t));
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  await belgianBilling(t.db, ORG);
  otherManager = await otherClubManager(t);
});
afterAll(async () => {
  await t?.close();
  await mollie?.close();
});

const call = (
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  query?: Record<string, string>,
) => t.request(method, url, { token, organizationId: ORG, body, query });

interface Bought {
  family: FamilyFixture;
  orderId: string;
  serviceIds: string[];
}

/** A family buying `children` sessions of a 45 € activity (6 % VAT) with `provider`. */
async function buy(options: { provider?: 'offline' | 'mollie'; sessions?: number; price?: number } = {}) {
  const a = await createActivity(t.db, {
    name: 'Stage multisports',
    price: options.price ?? 4500,
    taxPercentage: 600,
    sessions: Array.from({ length: options.sessions ?? 1 }, (_, i) => ({ start: inDays(10 + i) })),
  });
  const [family] = await createFamilies(t.app.ctx, 1);
  const added = await call(family!.token, 'POST', '/api/cart/items', {
    blueprintId: a.blueprintId,
    serviceIds: a.serviceIds,
    memberIds: [family!.childId],
  });
  expect(added.json().added, added.body).toHaveLength(a.serviceIds.length);
  const checkout = await call(family!.token, 'POST', '/api/cart/checkout', {
    paymentProvider: options.provider ?? 'offline',
  });
  expect(checkout.statusCode, checkout.body).toBe(201);
  return {
    family: family!,
    orderId: checkout.json().order.id as string,
    serviceIds: a.serviceIds,
  } satisfies Bought;
}

async function invoiceOf(token: string, orderId: string) {
  const page = await call(token, 'GET', '/api/invoices', undefined, { orderId });
  expect(page.statusCode, page.body).toBe(200);
  return page.json().items as {
    id: string;
    number: string;
    status: string;
    balance: number;
    totalAmount: number;
  }[];
}

async function detail(token: string, invoiceId: string) {
  const response = await call(token, 'GET', `/api/invoices/${invoiceId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** invoiced − credited = paid − refunded, for a settled order. */
async function expectBalanced(orderId: string) {
  const [row] = await t.database.query<{ invoiced: number; credited: number; received: number }>(
    `select i.total_amount as invoiced, i.credited_amount as credited,
       (select coalesce(sum(p.amount - p.refunded_amount), 0)::int from payments p
        where p.organization_id = o.organization_id and p.order_id = o.id and p.status in ('paid', 'refunded')) as received
     from orders o join invoices i on i.organization_id = o.organization_id and i.order_id = o.id
     where o.organization_id = $1 and o.id = $2`,
    [ORG, orderId],
  );
  expect(row!.invoiced - row!.credited).toBe(row!.received);
}

describe('invoices of orders', () => {
  it('an offline order is invoiced at checkout, with its lines, buyer, seller, VAT and reference; the PDF says so', async () => {
    const { family, orderId } = await buy({ sessions: 2 });
    const [invoice] = await invoiceOf(family.token, orderId);
    expect(invoice).toMatchObject({ status: 'pending', totalAmount: 9000, balance: 9000 });
    expect(invoice!.number).toMatch(new RegExp(`^${YEAR}-\\d{6}$`));
    const full = await detail(family.token, invoice!.id);
    expect(full.lines).toHaveLength(2);
    expect(full.lines[0]).toMatchObject({ quantity: 1, unitPrice: 4500, taxPercentage: 600, taxAmount: 255 });
    expect(full.taxAmount).toBe(510);
    expect(full.seller).toMatchObject({
      vatNumber: 'BE0403019261',
      iban: 'BE71096123456769',
      vatRegime: 'subject',
    });
    expect(full.reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    expect(full.dueDate > full.issueDate).toBe(true);

    const pdf = await call(family.token, 'GET', `/api/invoices/${invoice!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`facture-${invoice!.number}.pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(invoice!.number);
    expect(text).toContain('BE0403019261');
    expect(text).toContain('BE71 0961 2345 6769');
    expect(text).toContain(full.reference);
    expect(text).toContain('90,00 €');

    const order = await call(family.token, 'GET', `/api/orders/${orderId}/pdf`);
    expect(order.statusCode).toBe(200);
    expect(await pdfText(order.rawPayload)).toContain('Stage multisports');
  });

  it('an online order is invoiced when Mollie says paid, already paid', async () => {
    const started = await call(manager, 'GET', '/api/integrations/mollie/oauth/connect/org_demo');
    const authorize = await fetch((started.json() as { url: string }).url, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    await t.request('GET', `${callback.pathname}${callback.search}`, { host: BASE_HOST });
    await t.db.update(organizations).set({ paymentProvider: 'mollie' }).where(eq(organizations.id, ORG));

    const { family, orderId } = await buy({ provider: 'mollie' });
    expect(await invoiceOf(family.token, orderId)).toEqual([]);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    await mollie.completePayment(payment!.providerPaymentId!, 'paid');
    const [invoice] = await invoiceOf(family.token, orderId);
    expect(invoice).toMatchObject({ status: 'paid', balance: 0, totalAmount: 4500 });
    await mollie.sendWebhook(payment!.providerPaymentId!);
    expect(await invoiceOf(family.token, orderId)).toHaveLength(1);
    await expectBalanced(orderId);
  });

  it('a participant moved to another session takes its order line along; the issued invoice stays', async () => {
    const { family, orderId } = await buy();
    const before = (await call(family.token, 'GET', `/api/orders/${orderId}`)).json();
    const [invoice] = await invoiceOf(family.token, orderId);
    const issued = await detail(manager, invoice!.id);
    const other = await createActivity(t.db, {
      name: 'Stage de printemps',
      sessions: [{ start: inDays(30) }],
    });
    const moved = await call(manager, 'POST', `/api/participants/${before.lines[0].participantId}/move`, {
      serviceId: other.serviceIds[0],
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const after = (await call(family.token, 'GET', `/api/orders/${orderId}`)).json();
    expect(after.lines).toHaveLength(1);
    expect(after.lines[0].service).toMatchObject({
      id: other.serviceIds[0],
      blueprintName: 'Stage de printemps',
    });
    expect(after.lines[0].description).toMatch(/^Stage de printemps — /);
    expect(after.lines[0].description).not.toBe(before.lines[0].description);
    expect(after.totalAmount).toBe(before.totalAmount);
    expect((await detail(manager, invoice!.id)).lines).toEqual(issued.lines);
  });

  it('a manager marks an offline invoice paid: the order completes and the invoice is paid', async () => {
    const { family, orderId } = await buy();
    const [invoice] = await invoiceOf(family.token, orderId);
    const paid = await call(manager, 'POST', `/api/invoices/${invoice!.id}/mark-paid`, { method: 'cash' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', balance: 0 });
    expect((await call(family.token, 'GET', `/api/orders/${orderId}`)).json().status).toBe('completed');
    const again = await call(manager, 'POST', `/api/invoices/${invoice!.id}/mark-paid`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('invoice_already_paid');
    expect(again.json().message).toBe('Cette facture est déjà payée');
    await expectBalanced(orderId);
  });

  it('cancelling an unpaid order credits its invoice in full (cancelled), with the audit event', async () => {
    const { family, orderId } = await buy();
    const cancelled = await call(family.token, 'POST', `/api/orders/${orderId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [invoice] = await invoiceOf(family.token, orderId);
    expect(invoice).toMatchObject({ status: 'cancelled', balance: 0 });
    const full = await detail(family.token, invoice!.id);
    expect(full.creditNotes).toHaveLength(1);
    expect(full.creditNotes[0]).toMatchObject({
      totalAmount: 4500,
      reason: 'Commande annulée',
      refunded: false,
    });
    expect(full.creditNotes[0].number).toMatch(new RegExp(`^NC-${YEAR}-\\d{6}$`));
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, full.creditNotes[0].id));
    expect(audit.map((a) => a.type)).toEqual(['credit-note-emitted']);
    await expectBalanced(orderId);

    const pdf = await call(family.token, 'GET', `/api/credit-notes/${full.creditNotes[0].id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(full.creditNotes[0].number);
    expect(text).toContain(invoice!.number);
  });

  it('a partial credit note with refund on a Mollie order sends the refund to Mollie; the books balance', async () => {
    const { family, orderId } = await buy({ provider: 'mollie', sessions: 2 });
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    await mollie.completePayment(payment!.providerPaymentId!, 'paid');
    const [invoice] = await invoiceOf(family.token, orderId);
    const full = await detail(family.token, invoice!.id);
    const note = await call(manager, 'POST', '/api/credit-notes', {
      invoiceId: invoice!.id,
      reason: 'Absence pour maladie',
      invoiceLineIds: [full.lines[1].id],
      refund: true,
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json()).toMatchObject({ totalAmount: 4500, refunded: true, invoiceNumber: invoice!.number });
    expect(mollie.payments.get(payment!.providerPaymentId!)!.refunds.map((r) => r.amount.value)).toEqual([
      '45.00',
    ]);
    expect((await detail(family.token, invoice!.id)).status).toBe('paid');
    await expectBalanced(orderId);

    const tooMuch = await call(manager, 'POST', '/api/credit-notes', {
      invoiceId: invoice!.id,
      reason: 'Encore',
      lines: [{ description: 'Geste', quantity: 1, unitPrice: 4501, taxPercentage: 600 }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().details[0].message).toBe(
      'Le montant dépasse ce qui reste à créditer sur cette facture',
    );
  });
});

describe('refunds made at Mollie', () => {
  it('a refund made on the Mollie dashboard is recorded and credited once, whatever is replayed', async () => {
    const { family, orderId } = await buy({ provider: 'mollie', sessions: 2 });
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    await mollie.completePayment(payment!.providerPaymentId!, 'paid');
    await mollie.refundFromDashboard(payment!.providerPaymentId!, '30.00');
    await mollie.sendWebhook(payment!.providerPaymentId!);
    const [invoice] = await invoiceOf(family.token, orderId);
    const full = await detail(family.token, invoice!.id);
    expect(full.creditNotes).toEqual([
      expect.objectContaining({
        totalAmount: 3000,
        reason: 'Remboursement effectué chez le prestataire de paiement',
      }),
    ]);
    expect(full).toMatchObject({ status: 'paid', creditedAmount: 3000, paidAmount: 6000 });
    await expectBalanced(orderId);
  });
});

describe('registrations cancelled by a manager', () => {
  it('a paid registration cancelled with refund gets a credit note and the money back; an unpaid one is credited alone', async () => {
    const paid = await buy({ provider: 'mollie', sessions: 2 });
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, paid.orderId));
    await mollie.completePayment(payment!.providerPaymentId!, 'paid');
    const lines = (await call(paid.family.token, 'GET', `/api/orders/${paid.orderId}`)).json().lines;
    const cancelled = await call(manager, 'POST', `/api/participants/${lines[0].participantId}/cancel`, {
      reason: 'Blessure',
      refund: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    const [invoice] = await invoiceOf(paid.family.token, paid.orderId);
    const full = await detail(paid.family.token, invoice!.id);
    expect(full.creditNotes).toEqual([
      expect.objectContaining({ totalAmount: 4500, reason: 'Blessure', refunded: true }),
    ]);
    expect(mollie.payments.get(payment!.providerPaymentId!)!.refunds).toHaveLength(1);
    await expectBalanced(paid.orderId);

    const unpaid = await buy({ sessions: 2 });
    const unpaidLines = (await call(unpaid.family.token, 'GET', `/api/orders/${unpaid.orderId}`)).json()
      .lines;
    await call(manager, 'POST', `/api/participants/${unpaidLines[1].participantId}/cancel`, {});
    const [open] = await invoiceOf(unpaid.family.token, unpaid.orderId);
    expect(open).toMatchObject({ status: 'pending', totalAmount: 9000, balance: 4500 });
    const order = (await call(unpaid.family.token, 'GET', `/api/orders/${unpaid.orderId}`)).json();
    expect(order.transfer.amount).toBe(4500);
  });

  it('keeps invoiced − credited = paid − refunded after a random run of checkouts, payments, cancellations and refunds', async () => {
    const seed = Date.now() % 2_147_483_646 || 1;
    let state = seed;
    const random = () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
    const bought: Bought[] = [];
    for (let i = 0; i < 10; i++) {
      const online = random() < 0.5;
      const b = await buy({
        provider: online ? 'mollie' : 'offline',
        sessions: 1 + Math.floor(random() * 2),
      });
      bought.push(b);
      if (online) {
        const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, b.orderId));
        await mollie.completePayment(payment!.providerPaymentId!, random() < 0.8 ? 'paid' : 'failed');
      } else if (random() < 0.6) {
        const [invoice] = await invoiceOf(b.family.token, b.orderId);
        await call(manager, 'POST', `/api/invoices/${invoice!.id}/mark-paid`, {});
      }
      const action = random();
      const lines = (await call(b.family.token, 'GET', `/api/orders/${b.orderId}`)).json().lines;
      if (action < 0.3) {
        await call(manager, 'POST', `/api/participants/${lines[0].participantId}/cancel`, { refund: true });
      } else if (action < 0.5) {
        await call(b.family.token, 'POST', `/api/orders/${b.orderId}/cancel`);
      } else if (action < 0.7) {
        const [invoice] = await invoiceOf(b.family.token, b.orderId);
        if (invoice) {
          await call(manager, 'POST', '/api/credit-notes', {
            invoiceId: invoice.id,
            reason: 'Geste commercial',
            lines: [{ description: 'Réduction', quantity: 1, unitPrice: 1000, taxPercentage: 600 }],
            refund: true,
          });
        }
      }
    }
    let settled = 0;
    for (const b of bought) {
      const [invoice] = await invoiceOf(b.family.token, b.orderId);
      if (invoice?.status !== 'paid' && invoice?.status !== 'cancelled') continue;
      settled++;
      await expectBalanced(b.orderId).catch((error: Error) => {
        throw new Error(`seed ${seed}, order ${b.orderId}: ${error.message}`);
      });
    }
    expect(settled, `seed ${seed}`).toBeGreaterThan(0);
  });
});

describe('free invoices, accounting lists and export', () => {
  it('a manager invoices a company, sees the totals per status, exports CSV, and marks it paid', async () => {
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
        { description: 'Location de la salle', quantity: 2, unitPrice: 12100, taxPercentage: 2100 },
        { description: 'Team building', quantity: 1, unitPrice: 5000, taxPercentage: 600 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const invoice = created.json();
    expect(invoice).toMatchObject({ status: 'pending', totalAmount: 29200, buyerName: 'ACME SPRL' });
    expect(invoice.taxAmount).toBe(4200 + 283);

    const page = await call(manager, 'GET', '/api/invoices', undefined, { q: 'ACME' });
    expect(page.json().items.map((i: { id: string }) => i.id)).toEqual([invoice.id]);
    expect(page.json().totals.byStatus.find((s: { status: string }) => s.status === 'pending')).toMatchObject(
      {
        count: 1,
        amount: 29200,
      },
    );

    const csv = await call(manager, 'GET', '/api/invoices/export.csv', undefined, { q: 'ACME' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toContain('"Numéro";"Date"');
    expect(row).toContain(`"${invoice.number}"`);
    expect(row).toContain('"BE0428759497"');
    expect(row).toContain('292,00');

    const paid = await call(manager, 'POST', `/api/invoices/${invoice.id}/mark-paid`, { method: 'transfer' });
    expect(paid.json()).toMatchObject({ status: 'paid', paidAmount: 29200, balance: 0 });
  });

  it('numbers follow each other without gaps', async () => {
    const before = (await call(manager, 'GET', '/api/invoices', undefined, { pageSize: '1' })).json().items[0]
      .number;
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { family, orderId } = await buy();
      numbers.push((await invoiceOf(family.token, orderId))[0]!.number);
    }
    const sequence = [before, ...numbers].map((n: string) => Number(n.split('-')[1]));
    expect(sequence).toEqual([sequence[0], sequence[0]! + 1, sequence[0]! + 2, sequence[0]! + 3]);
  });

  it('an invoice written in a transaction that rolls back takes no number: the next one follows on', async () => {
    const first = await buy();
    const firstNumber = (await invoiceOf(first.family.token, first.orderId))[0]!.number as string;
    const rolledBack = t.db.transaction(async (tx) => {
      // A copy of that invoice under another id: numbered at commit, so still without a number here.
      await tx.execute(sql`
        insert into invoices (organization_id, id, family_id, status, issue_date, due_date, locale, seller,
          buyer, total_amount)
        select organization_id, 'inv_rolled_back', family_id, status, issue_date, due_date, locale, seller,
          buyer, total_amount
        from invoices where organization_id = ${ORG} and number = ${firstNumber}`);
      const [copy] = rowsOf<{ number: string | null }>(
        await tx.execute(
          sql`select number from invoices where organization_id = ${ORG} and id = 'inv_rolled_back'`,
        ),
      );
      expect(copy).toEqual({ number: null });
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    const next = await buy();
    const nextNumber = (await invoiceOf(next.family.token, next.orderId))[0]!.number as string;
    expect(Number(nextNumber.split('-')[1])).toBe(Number(firstNumber.split('-')[1]) + 1);
  });
});

describe('rights and bad input', () => {
  it('families see only their own invoices; another organisation gets 404; families cannot act', async () => {
    const mine = await buy();
    const theirs = await buy();
    const [invoice] = await invoiceOf(mine.family.token, mine.orderId);
    expect((await call(theirs.family.token, 'GET', `/api/invoices/${invoice!.id}`)).statusCode).toBe(404);
    expect((await call(theirs.family.token, 'GET', `/api/invoices/${invoice!.id}/pdf`)).statusCode).toBe(404);
    const listed = (await call(theirs.family.token, 'GET', '/api/invoices')).json();
    expect(listed.items.every((i: { familyId: string }) => i.familyId === theirs.family.familyId)).toBe(true);
    expect(listed.totals).toBeNull();

    const foreign = await t.request('GET', `/api/invoices/${invoice!.id}`, {
      token: otherManager,
      organizationId: 'org_autre',
      host: 'autre.localhost:3000',
    });
    expect(foreign.statusCode).toBe(404);

    expect(
      (await call(mine.family.token, 'POST', `/api/invoices/${invoice!.id}/mark-paid`, {})).statusCode,
    ).toBe(403);
    expect(
      (await call(mine.family.token, 'POST', '/api/invoices', { memberId: mine.family.childId, lines: [] }))
        .statusCode,
    ).toBe(403);
    expect((await call(mine.family.token, 'GET', '/api/invoices/export.csv')).statusCode).toBe(403);
  });

  it('refuses bad invoices and credit notes with French messages, writing nothing', async () => {
    const count = async () =>
      (await t.database.query<{ n: number }>('select count(*)::int as n from invoices'))[0]!.n;
    const before = await count();
    const noBuyer = await call(manager, 'POST', '/api/invoices', {
      lines: [{ description: 'x', quantity: 1, unitPrice: 100, taxPercentage: 0 }],
    });
    expect(noBuyer.statusCode).toBe(400);
    expect(noBuyer.json().details[0].message).toBe('Choisissez un membre ou renseignez une entreprise');
    const badLine = await call(manager, 'POST', '/api/invoices', {
      memberId: 'mbr_x',
      lines: [{ description: '', quantity: 0, unitPrice: -1, taxPercentage: 0 }],
    });
    expect(badLine.statusCode).toBe(400);
    expect(badLine.json().details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['lines.0.description', 'lines.0.quantity', 'lines.0.unitPrice']),
    );
    const unknownMember = await call(manager, 'POST', '/api/invoices', {
      memberId: 'mbr_inconnu',
      lines: [{ description: 'x', quantity: 1, unitPrice: 100, taxPercentage: 0 }],
    });
    expect(unknownMember.statusCode).toBe(400);
    expect(await count()).toBe(before);
    const unknownInvoice = await call(manager, 'POST', '/api/credit-notes', {
      invoiceId: 'inv_inconnue',
      reason: 'x',
      lines: [{ description: 'x', quantity: 1, unitPrice: 1, taxPercentage: 0 }],
    });
    expect(unknownInvoice.statusCode).toBe(404);
    expect((await call(manager, 'GET', '/api/invoices', undefined, { status: 'nope' })).statusCode).toBe(400);
  });
});

/** A CAMT.053 statement of credit transfers, as a bank would send it. */
function camt053(entries: { ref: string; amount: number; structured?: boolean; name?: string }[]) {
  const euros = (cents: number) => (cents / 100).toFixed(2);
  const day = new Date().toISOString().slice(0, 10);
  const ntry = entries
    .map(
      (e) => `<Ntry><Amt Ccy="EUR">${euros(e.amount)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt><AcctSvcrRef>${e.ref}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls><Refs><AcctSvcrRef>${e.ref}</AcctSvcrRef></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">${euros(e.amount)}</Amt></TxAmt></AmtDtls>
          <RltdPties><Dbtr><Nm>${e.name ?? 'DUPONT MARIE'}</Nm></Dbtr><DbtrAcct><Id><IBAN>BE62510007547061</IBAN></Id></DbtrAcct></RltdPties>
          <RmtInf>${
            e.structured === false
              ? '<Ustrd>Stage de Léa</Ustrd>'
              : `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>BBA</Issr></Tp><Ref>${e.structured === undefined ? '' : ''}REFPLACEHOLDER</Ref></CdtrRefInf></Strd>`
          }</RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>MSG${Date.now()}</MsgId><CreDtTm>${day}T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>STMT1</Id><CreDtTm>${day}T06:00:00</CreDtTm><Acct><Id><IBAN>BE71096123456769</IBAN></Id><Ccy>EUR</Ccy></Acct>
${ntry}</Stmt></BkToCstmrStmt></Document>`;
}

function statementWith(entries: { ref: string; amount: number; reference: string | null; name?: string }[]) {
  let xml = camt053(entries.map((e) => ({ ...e, structured: e.reference !== null })));
  for (const e of entries) if (e.reference) xml = xml.replace('REFPLACEHOLDER', e.reference);
  return xml;
}

const upload = (token: string, content: string, filename = 'releve.xml') => {
  const { body, contentType } = multipart([
    { name: 'file', filename, contentType: 'application/xml', data: content },
  ]);
  return t.request('POST', '/api/bank-statements', {
    token,
    organizationId: ORG,
    body,
    headers: { 'content-type': contentType },
  });
};

describe('bank statements', () => {
  it('a CAMT.053 transfer with an order’s reference pays it; the rest waits; importing twice pays nothing twice', async () => {
    const first = await buy();
    const second = await buy();
    const [invoice] = await invoiceOf(first.family.token, first.orderId);
    const [other] = await invoiceOf(second.family.token, second.orderId);
    const reference = (await detail(first.family.token, invoice!.id)).reference.replace(/\D/g, '');
    const run = Date.now();
    const xml = statementWith([
      { ref: `A${run}`, amount: 4500, reference },
      { ref: `B${run}`, amount: 4500, reference: null, name: 'MARTIN PAUL' },
      {
        ref: `C${run}`,
        amount: 9999,
        reference: (await detail(second.family.token, other!.id)).reference.replace(/\D/g, ''),
      },
    ]);
    const imported = await upload(manager, xml);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ format: 'camt053', transactions: 3, duplicates: 0, matched: 1 });
    expect(imported.json().unmatched.map((u: { counterpartyName: string }) => u.counterpartyName)).toEqual(
      expect.arrayContaining(['MARTIN PAUL']),
    );
    expect((await detail(first.family.token, invoice!.id)).status).toBe('paid');
    expect((await call(first.family.token, 'GET', `/api/orders/${first.orderId}`)).json().status).toBe(
      'completed',
    );

    const again = await upload(manager, xml);
    expect(again.json()).toMatchObject({ transactions: 3, duplicates: 3, matched: 0, unmatched: [] });
    const paid = await t.database.query<{ n: number }>(
      `select count(*)::int as n from payments where order_id = $1 and status = 'paid'`,
      [first.orderId],
    );
    expect(paid[0]!.n).toBe(1);
    await expectBalanced(first.orderId);

    // The manager matches the free transfer to the second order by hand, and leaves the too-large one aside.
    const open = (
      await call(manager, 'GET', '/api/bank-transactions', undefined, { status: 'unmatched' })
    ).json().items;
    const martin = open.find((u: { counterpartyName: string }) => u.counterpartyName === 'MARTIN PAUL');
    const tooLarge = open.find((u: { amount: number }) => u.amount === 9999);
    const refused = await call(manager, 'POST', `/api/bank-transactions/${tooLarge.id}/match`, {
      invoiceId: other!.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].message).toBe(
      'Le montant du virement ne correspond pas au solde de la facture',
    );
    const matched = await call(manager, 'POST', `/api/bank-transactions/${martin.id}/match`, {
      invoiceId: other!.id,
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json()).toMatchObject({ status: 'matched', invoiceNumber: other!.number });
    expect((await detail(second.family.token, other!.id)).status).toBe('paid');
    const ignored = await call(manager, 'POST', `/api/bank-transactions/${tooLarge.id}/ignore`);
    expect(ignored.json().status).toBe('ignored');
  });

  it('reads a CODA statement; refuses an unreadable file in French and a family', async () => {
    const coda = await import('node:fs').then((fs) =>
      fs.readFileSync(new URL('./fixtures/bank-statements/statement.cod', import.meta.url)),
    );
    const { body, contentType } = multipart([{ name: 'file', filename: 'releve.cod', data: coda }]);
    const imported = await t.request('POST', '/api/bank-statements', {
      token: manager,
      organizationId: ORG,
      body,
      headers: { 'content-type': contentType },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().format).toBe('coda');
    expect(imported.json().transactions).toBeGreaterThan(0);

    const garbage = await upload(manager, 'Ceci n’est pas un relevé', 'notes.txt');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().details[0].message).toBe('Ce fichier n’est pas un relevé CAMT.053 ou CODA lisible');
    const { family } = await buy();
    expect((await upload(family.token, statementWith([]))).statusCode).toBe(403);
  });
});

// Last: it moves the clock 16 days on.
describe('overdue invoices', () => {
  it('after the due date a pending invoice becomes overdue and the family gets one reminder', async () => {
    const { family, orderId } = await buy();
    const [invoice] = await invoiceOf(family.token, orderId);
    t.clock.advance(16 * DAY);
    await markOverdueInvoices(t.app.ctx);
    await markOverdueInvoices(t.app.ctx);
    await signAgain(t.app.ctx, family);
    manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
    expect((await detail(family.token, invoice!.id)).status).toBe('overdue');
    // The order confirmations of the file's earlier orders are sent first (each renders its invoice).
    await t.app.ctx.queue.runUntilIdle();
    // The first e-mail is the order confirmation.
    const mail = await t.waitForMail(family.email, 2);
    expect(mail.subject).toMatch(new RegExp(`^Rappel : facture ${invoice!.number} – `));
    expect(mail.text).toContain('45,00 €');
    expect(t.inbox.mailsTo(family.email).filter((m) => m.subject.startsWith('Rappel'))).toHaveLength(1);

    const ageing = (await call(manager, 'GET', '/api/invoices', undefined, { status: 'overdue' })).json()
      .totals.ageing;
    expect(ageing.find((a: { bucket: string }) => a.bucket === '1-30').amount).toBeGreaterThanOrEqual(4500);

    const reminded = await call(manager, 'POST', `/api/invoices/${invoice!.id}/remind`);
    expect(reminded.statusCode).toBe(200);
    expect(reminded.json().remindedAt).not.toBeNull();
    await t.waitForMail(family.email, 3);
  }, 120_000);
});
