/*
 * The accounting totals read from their running sums (invoice_totals, kept by triggers) are the very
 * figures a fresh SUM over the invoices gives, after every kind of change: invoices of orders and free
 * ones, partial and full payments, credit notes, a cancellation, overdue invoices, a payment on an
 * overdue invoice, the fold of the deltas.
 */
import { INVOICE_STATUSES } from '@inscrio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createAccountingTotals } from '../src/modules/invoicing/invoice-totals.repository';
import { markOverdueInvoices } from '../src/modules/invoicing/overdue.job';
import { createActivity, createFamilies, signAgain } from './helpers/order-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

const ORG = 'org_demo';
const DAY = 86_400_000;

let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, body?: unknown, query?: Record<string, string>) =>
  t.request(method, url, { token: manager, organizationId: ORG, body, query });

async function ok(method: 'GET' | 'POST', url: string, body?: unknown, query?: Record<string, string>) {
  const response = await call(method, url, body, query);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

/** An offline order of `sessions` sessions at 45 € by a new family, and its invoice. */
async function buy(sessions: number) {
  const a = await createActivity(t.db, {
    name: 'Stage',
    price: 4500,
    sessions: Array.from({ length: sessions }, (_, i) => ({ start: new Date(Date.now() + (10 + i) * DAY) })),
  });
  const [family] = await createFamilies(t.app.ctx, 1);
  const request = (method: 'POST', url: string, body: unknown) =>
    t.request(method, url, { token: family!.token, organizationId: ORG, body });
  await request('POST', '/api/cart/items', {
    blueprintId: a.blueprintId,
    serviceIds: a.serviceIds,
    memberIds: [family!.childId],
  });
  const checkout = await request('POST', '/api/cart/checkout', { paymentProvider: 'offline' });
  expect(checkout.statusCode, checkout.body).toBe(201);
  const orderId = checkout.json().order.id as string;
  const [invoice] = (await ok('GET', '/api/invoices', undefined, { orderId })).items as { id: string }[];
  return { family: family!, orderId, invoiceId: invoice!.id };
}

/** The totals as a fresh SUM over the invoices (what the list computed before the running sums). */
async function freshTotals(filter: { status?: string; from?: string; to?: string }) {
  const [{ today }] = (await t.database.query<{ today: string }>(
    `select (($2::timestamptz at time zone time_zone)::date)::text as today from organizations where id = $1`,
    [ORG, t.clock.now()],
  )) as [{ today: string }];
  const where = `i.organization_id = $1 and ($2::text is null or i.status = $2)
    and ($3::date is null or i.issue_date >= $3) and ($4::date is null or i.issue_date <= $4)`;
  const values = [ORG, filter.status ?? null, filter.from ?? null, filter.to ?? null];
  const byStatus = await t.database.query<{
    status: string;
    count: number;
    amount: number;
    credited: number;
  }>(
    `select i.status, count(*)::int as count, sum(i.total_amount)::bigint as amount,
       sum(i.credited_amount)::bigint as credited from invoices i where ${where} group by i.status`,
    values,
  );
  const ageing = await t.database.query<{ bucket: string; amount: number }>(
    `select case when $5::date - i.due_date <= 30 then '1-30' when $5::date - i.due_date <= 60 then '31-60'
         when $5::date - i.due_date <= 90 then '61-90' else '90+' end as bucket,
       sum(greatest(0, i.total_amount - i.credited_amount - coalesce(o.paid_amount, i.paid_amount)))::bigint as amount
     from invoices i left join orders o on o.organization_id = i.organization_id and o.id = i.order_id
     where ${where} and i.status = 'overdue' group by 1`,
    [...values, today],
  );
  const of = <T extends { amount: number }>(rows: T[], pick: (r: T) => boolean) =>
    Number(rows.find(pick)?.amount ?? 0);
  return {
    byStatus: INVOICE_STATUSES.values.map((status) => ({
      status,
      count: byStatus.find((s) => s.status === status)?.count ?? 0,
      amount: of(byStatus, (s) => s.status === status),
    })),
    ageing: ['1-30', '31-60', '61-90', '90+'].map((bucket) => ({
      bucket,
      amount: of(ageing, (a) => a.bucket === bucket),
    })),
    creditedAmount: byStatus.reduce((sum, s) => sum + Number(s.credited), 0),
  };
}

/** The accounting screen's totals, unfiltered, by status, over issue dates: each equal to a fresh SUM. */
async function expectExact(step: string) {
  const today = new Date(t.clock.now()).toISOString().slice(0, 10);
  const filters: Record<string, string>[] = [
    {},
    { status: 'overdue' },
    { status: 'pending' },
    { from: '2000-01-01', to: today },
    { status: 'paid', from: today, to: today },
  ];
  for (const filter of filters) {
    const page = await ok('GET', '/api/invoices', undefined, { ...filter, pageSize: '1' });
    expect(page.totals, `${step} ${JSON.stringify(filter)}`).toEqual(await freshTotals(filter));
  }
}

describe('accounting totals from running sums', () => {
  it('equal a fresh SUM over the invoices after payments, credit notes, cancellations and overdue', async () => {
    await expectExact('seeded');
    const orders = [await buy(2), await buy(1), await buy(3), await buy(1), await buy(2)];
    await expectExact('bought');
    const free = await ok('POST', '/api/invoices', {
      company: {
        name: 'ACME SPRL',
        address: 'Avenue Louise 10',
        city: 'Bruxelles',
        postalCode: '1050',
        country: 'BEL',
      },
      lines: [{ description: 'Location de la salle', quantity: 2, unitPrice: 12100, taxPercentage: 2100 }],
    });
    await expectExact('free invoice');

    await ok('POST', `/api/orders/${orders[0]!.orderId}/payments/offline`, { amount: 1000, method: 'cash' });
    await ok('POST', `/api/invoices/${orders[1]!.invoiceId}/mark-paid`, { method: 'transfer' });
    await expectExact('paid');

    const detail = await ok('GET', `/api/invoices/${orders[2]!.invoiceId}`);
    await ok('POST', '/api/credit-notes', {
      invoiceId: orders[2]!.invoiceId,
      reason: 'Absence',
      invoiceLineIds: [detail.lines[0].id],
      refund: false,
    });
    const whole = await ok('GET', `/api/invoices/${orders[3]!.invoiceId}`);
    await ok('POST', '/api/credit-notes', {
      invoiceId: orders[3]!.invoiceId,
      reason: 'Annulation',
      invoiceLineIds: whole.lines.map((l: { id: string }) => l.id),
      refund: false,
    });
    await expectExact('credited');

    // Past the due date: overdue, then a payment on an overdue invoice moves its ageing.
    t.clock.advance(40 * DAY);
    await markOverdueInvoices(t.app.ctx);
    manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
    for (const o of orders) await signAgain(t.app.ctx, o.family);
    await expectExact('overdue');
    await ok('POST', `/api/orders/${orders[4]!.orderId}/payments/offline`, { amount: 2000, method: 'cash' });
    await ok('POST', `/api/orders/${orders[0]!.orderId}/payments/offline`, {});
    await ok('POST', `/api/invoices/${free.id}/mark-paid`, { method: 'transfer' });
    await expectExact('paid when overdue');

    await createAccountingTotals(t.db).fold();
    await expectExact('folded');
    const [{ deltas }] = (await t.database.query<{ deltas: number }>(
      `select count(*)::int as deltas from invoice_totals where not folded`,
    )) as [{ deltas: number }];
    expect(deltas).toBe(0);
    await ok('POST', `/api/orders/${orders[4]!.orderId}/payments/offline`, {});
    await expectExact('paid after the fold');
  }, 120_000);
});
