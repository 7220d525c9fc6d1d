import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, organizations, orders, participants, payments, services } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { markOrderPaid, markOrderPaymentFailed } from '../src/modules/orders/order-lifecycle';
import { releaseExpiredHolds } from '../src/modules/registrations/holds.job';
import { type FakeMollie, startFakeMollie, deliverTo } from './helpers/fake-mollie';
import { createActivity, createFamilies, signAgain } from './helpers/order-fixtures';
import { otherClubManager } from './helpers/clubs';
import { createTestApp, type TestApp } from './helpers/test-app';

const ORG = 'org_demo';
const DAY = 86_400_000;
const MINUTE = 60_000;
const BASE_HOST = 'localhost:3000';

let t: TestApp;
let mollie: FakeMollie;
const tokens: Record<string, string> = {};
let otherManager: string;

const inDays = (days: number) => new Date(Date.now() + days * DAY);

beforeAll(async () => {
  mollie = await startFakeMollie({ onboardingStatus: 'completed', canReceivePayments: true });
  t = await createTestApp({ env: mollie.env });
  mollie.setDeliver(deliverTo(t));
  await signInAll();
  await t.db
    .update(organizations)
    .set({ iban: 'BE71096123456769', bic: 'GEBABEBB', billingCountry: 'BEL' })
    .where(eq(organizations.id, ORG));
  otherManager = await otherClubManager(t);
});
afterAll(async () => {
  await t?.close();
  await mollie?.close();
});

async function signInAll() {
  for (const who of ['manager', 'parent'] as const) {
    tokens[who] = (await t.signIn(DEMO_ACCOUNTS[who])).accessToken;
  }
}

const call = (
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  query?: Record<string, string>,
) => t.request(method, url, { token, organizationId: ORG, body, query });

/** A family with one child in `serviceIds` of a 10-seat activity, checked out with `provider`. */
async function orderFor(options: { price?: number; provider?: string; maxSeats?: number } = {}) {
  const a = await createActivity(t.db, {
    name: 'Natation',
    price: options.price ?? 5000,
    maxSeats: options.maxSeats ?? 10,
    sessions: [{ start: inDays(20) }],
  });
  const [family] = await createFamilies(t.app.ctx, 1);
  const added = await call(family!.token, 'POST', '/api/cart/items', {
    blueprintId: a.blueprintId,
    serviceIds: a.serviceIds,
    memberIds: [family!.childId],
  });
  expect(added.json().added, added.body).toHaveLength(1);
  const checkout = await call(family!.token, 'POST', '/api/cart/checkout', {
    paymentProvider: options.provider ?? 'offline',
  });
  expect(checkout.statusCode, checkout.body).toBe(201);
  const result = checkout.json() as {
    order: { id: string; [k: string]: unknown };
    redirectUrl: string | null;
  };
  return { family: family!, serviceId: a.serviceIds[0]!, ...result };
}

const seats = async (serviceId: string) =>
  (await t.db.select({ n: services.reservedSeats }).from(services).where(eq(services.id, serviceId)))[0]!.n;
const participantOf = async (serviceId: string) =>
  (await t.db.select().from(participants).where(eq(participants.serviceId, serviceId)))[0]!;
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('orders, offline', () => {
  it('a manager records the transfer in two parts; the order completes and the family is told', async () => {
    const { family, order, serviceId } = await orderFor({ price: 9000 });
    const partial = await call(tokens.manager!, 'POST', `/api/orders/${order.id}/payments/offline`, {
      amount: 4000,
      receivedOn: '2026-11-20',
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({ status: 'pending', paidAmount: 4000, nextStep: 'transfer' });
    expect(partial.json().transfer.amount).toBe(5000);
    expect(partial.json().transfer.epcPayload.split('\n')[7]).toBe('EUR50.00');
    // The first e-mail is the order confirmation.
    const mail = await t.waitForMail(family.email, 2);
    expect(mail.subject).toBe('Paiement reçu – Club Sportif Démo');
    expect(mail.text).toContain('40,00');

    const tooMuch = await call(tokens.manager!, 'POST', `/api/orders/${order.id}/payments/offline`, {
      amount: 6000,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().details[0].message).toBe('Le montant dépasse le solde dû de la commande.');

    const rest = await call(tokens.manager!, 'POST', `/api/orders/${order.id}/payments/offline`, {});
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({
      status: 'completed',
      paidAmount: 9000,
      nextStep: 'none',
      transfer: null,
    });
    expect(rest.json().payments.map((p: { status: string; amount: number }) => [p.status, p.amount])).toEqual(
      [
        ['paid', 4000],
        ['paid', 5000],
      ],
    );
    expect(await participantOf(serviceId)).toMatchObject({ status: 'confirmed', holdsSeat: true });
    expect(await seats(serviceId)).toBe(1);
    await t.waitForMail(family.email, 3);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, order.id));
    expect(audit.filter((e) => e.type === 'payment-received')).toHaveLength(2);

    const again = await call(tokens.manager!, 'POST', `/api/orders/${order.id}/payments/offline`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('order_already_paid');
    expect(again.json().message).toBe('Cette commande est déjà payée.');
  });

  it('rights: a family cannot record a payment (403); other families and organisations get 404', async () => {
    const { family, order } = await orderFor();
    const [stranger] = await createFamilies(t.app.ctx, 1);
    expect(
      (await call(family.token, 'POST', `/api/orders/${order.id}/payments/offline`, {})).statusCode,
    ).toBe(403);
    expect((await call(stranger!.token, 'GET', `/api/orders/${order.id}`)).statusCode).toBe(404);
    expect((await call(stranger!.token, 'POST', `/api/orders/${order.id}/cancel`)).statusCode).toBe(404);
    const foreign = await t.request('GET', `/api/orders/${order.id}`, {
      token: otherManager,
      organizationId: 'org_autre',
      host: 'autre.localhost:3000',
    });
    expect(foreign.statusCode).toBe(404);
    const foreignPay = await t.request('POST', `/api/orders/${order.id}/payments/offline`, {
      token: otherManager,
      organizationId: 'org_autre',
      host: 'autre.localhost:3000',
      body: {},
    });
    expect(foreignPay.statusCode).toBe(404);
    expect((await orderRow(order.id)).paidAmount).toBe(0);
    expect((await call(stranger!.token, 'GET', '/api/orders')).json()).toMatchObject({ items: [], total: 0 });
  });

  it('bad input is a 400 with a French message', async () => {
    const { order } = await orderFor();
    for (const body of [
      { amount: -5 },
      { amount: 'dix' },
      { amount: 10.5 },
      { receivedOn: '20/11/2026' },
      { method: 'cheque' },
    ]) {
      const r = await call(tokens.manager!, 'POST', `/api/orders/${order.id}/payments/offline`, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().message).toBe('Les données fournies sont invalides.');
    }
    expect(
      (await call(tokens.parent!, 'GET', '/api/orders', undefined, { status: 'payée' })).statusCode,
    ).toBe(400);
    expect(
      (await call(tokens.parent!, 'GET', '/api/orders', undefined, { pageSize: '1000' })).statusCode,
    ).toBe(400);
  });

  it('lists: a family its own orders, managers every order with filters', async () => {
    const first = await orderFor();
    const mine = (await call(first.family.token, 'GET', '/api/orders')).json();
    expect(mine).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(mine.items[0]).toMatchObject({
      id: first.order.id,
      status: 'pending',
      linesCount: 1,
      family: { id: first.family.familyId, name: 'Parent Famille0' },
    });
    const all = (await call(tokens.manager!, 'GET', '/api/orders', undefined, { pageSize: '100' })).json();
    expect(all.total).toBeGreaterThan(1);
    const filtered = (
      await call(tokens.manager!, 'GET', '/api/orders', undefined, { familyId: first.family.familyId })
    ).json();
    expect(filtered.items.map((o: { id: string }) => o.id)).toEqual([first.order.id]);
    const completed = (
      await call(tokens.manager!, 'GET', '/api/orders', undefined, { status: 'completed' })
    ).json();
    expect(completed.items.every((o: { status: string }) => o.status === 'completed')).toBe(true);
  });

  it('the family cancels its unpaid order: participants cancelled, seats released; a paid one cannot be', async () => {
    const { family, order, serviceId } = await orderFor();
    const r = await call(family.token, 'POST', `/api/orders/${order.id}/cancel`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'cancelled', nextStep: 'none', transfer: null });
    expect(await participantOf(serviceId)).toMatchObject({ status: 'cancelled', holdsSeat: false });
    expect(await seats(serviceId)).toBe(0);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.type, 'registration-cancelled'),
          eq(auditEvents.subjectId, (await participantOf(serviceId)).id),
        ),
      );
    expect(audit).toHaveLength(1);

    const paid = await orderFor();
    await call(tokens.manager!, 'POST', `/api/orders/${paid.order.id}/payments/offline`, {});
    const refused = await call(tokens.manager!, 'POST', `/api/orders/${paid.order.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(await seats(paid.serviceId)).toBe(1);
  });
});

describe('order life cycle', () => {
  it('markOrderPaid is idempotent; a payment failure never touches an offline or completed order', async () => {
    const { order, serviceId } = await orderFor();
    const ctx = t.app.ctx;
    await t.db.transaction((tx) => markOrderPaymentFailed(tx, ctx, ORG, order.id));
    expect((await orderRow(order.id)).status).toBe('pending');
    const now = new Date();
    await t.db.transaction((tx) => markOrderPaid(tx, ctx, ORG, order.id, now));
    const once = await orderRow(order.id);
    const auditCount = (await t.db.select().from(auditEvents)).length;
    await t.db.transaction((tx) => markOrderPaid(tx, ctx, ORG, order.id, new Date(now.getTime() + 1000)));
    await t.db.transaction((tx) => markOrderPaymentFailed(tx, ctx, ORG, order.id));
    expect(await orderRow(order.id)).toEqual(once);
    expect(once).toMatchObject({ status: 'completed', paidAmount: 5000 });
    expect((await t.db.select().from(auditEvents)).length).toBe(auditCount);
    expect(await seats(serviceId)).toBe(1);
  });
});

describe('orders, online (Mollie, local server)', () => {
  beforeAll(async () => {
    const started = await call(tokens.manager!, 'GET', '/api/integrations/mollie/oauth/connect/org_demo');
    expect(started.statusCode, started.body).toBe(200);
    const authorize = await fetch((started.json() as { url: string }).url, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    const landed = await t.request('GET', `${callback.pathname}${callback.search}`, { host: BASE_HOST });
    expect(landed.statusCode).toBe(302);
    await t.db.update(organizations).set({ paymentProvider: 'mollie' }).where(eq(organizations.id, ORG));
  });

  const molliePaymentOf = async (orderId: string) =>
    (await t.db.select().from(payments).where(eq(payments.orderId, orderId))).at(-1)!;

  it('offers Mollie and the transfer; paying at Mollie confirms the participants (a replay changes nothing)', async () => {
    const a = await createActivity(t.db, { price: 1250, sessions: [{ start: inDays(20) }] });
    const [family] = await createFamilies(t.app.ctx, 1);
    await call(family!.token, 'POST', '/api/cart/items', {
      blueprintId: a.blueprintId,
      serviceIds: a.serviceIds,
      memberIds: [family!.childId],
    });
    expect((await call(family!.token, 'GET', '/api/cart')).json().paymentProviders).toEqual([
      'mollie',
      'offline',
    ]);
    const checkout = await call(family!.token, 'POST', '/api/cart/checkout', {});
    expect(checkout.statusCode, checkout.body).toBe(201);
    const { order, redirectUrl } = checkout.json();
    expect(redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(order).toMatchObject({
      paymentProvider: 'mollie',
      status: 'pending',
      nextStep: 'pay-online',
      checkoutUrl: redirectUrl,
      transfer: null,
    });
    expect(new Date(order.holdExpiresAt).getTime() - Date.now()).toBeGreaterThan(19 * MINUTE);
    expect(await participantOf(a.serviceIds[0]!)).toMatchObject({
      status: 'reserved',
      cartLinked: false,
      holdsSeat: true,
    });
    const payment = await molliePaymentOf(order.id);
    await mollie.completePayment(payment.providerPaymentId!, 'paid');
    const paid = (await call(family!.token, 'GET', `/api/orders/${order.id}`)).json();
    expect(paid).toMatchObject({
      status: 'completed',
      paidAmount: 1250,
      nextStep: 'none',
      checkoutUrl: null,
    });
    expect(paid.lines[0].participantStatus).toBe('confirmed');
    const before = await participantOf(a.serviceIds[0]!);
    await mollie.sendWebhook(payment.providerPaymentId!);
    expect(await participantOf(a.serviceIds[0]!)).toEqual(before);
    expect(await seats(a.serviceIds[0]!)).toBe(1);
  });

  it('a failed payment asks for action; the family retries and pays', async () => {
    const { family, order, serviceId } = await orderFor({ provider: 'mollie' });
    const first = await molliePaymentOf(order.id);
    await mollie.completePayment(first.providerPaymentId!, 'failed');
    const failed = (await call(family.token, 'GET', `/api/orders/${order.id}`)).json();
    expect(failed).toMatchObject({ status: 'require-action', nextStep: 'retry-payment' });
    const retry = await call(family.token, 'POST', `/api/orders/${order.id}/retry-payment`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().redirectUrl).toMatch(/^http:/);
    expect(retry.json().order).toMatchObject({ status: 'pending', nextStep: 'pay-online' });
    const second = await molliePaymentOf(order.id);
    expect(second.id).not.toBe(first.id);
    await mollie.completePayment(second.providerPaymentId!, 'paid');
    expect((await orderRow(order.id)).status).toBe('completed');
    expect(await participantOf(serviceId)).toMatchObject({ status: 'confirmed' });
  });

  it('the provider down at checkout: the order needs action, the response still gives the order', async () => {
    mollie.setFailPayments(true);
    try {
      const { order, redirectUrl } = await orderFor({ provider: 'mollie' });
      expect(redirectUrl).toBeNull();
      expect(order).toMatchObject({ status: 'require-action', nextStep: 'retry-payment' });
    } finally {
      mollie.setFailPayments(false);
    }
  });

  it('the hold lapses: the job cancels the order and frees the seat; a late payment takes it back', async () => {
    const { family, order, serviceId } = await orderFor({ provider: 'mollie', maxSeats: 1 });
    const payment = await molliePaymentOf(order.id);
    t.clock.advance(21 * MINUTE);
    try {
      const released = await releaseExpiredHolds(t.app.ctx);
      expect(released.orders).toBeGreaterThanOrEqual(1);
      expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled' });
      expect(await participantOf(serviceId)).toMatchObject({
        status: 'cancelled',
        cancelReason: 'hold-expired',
        holdsSeat: false,
      });
      expect(await seats(serviceId)).toBe(0);
      await mollie.completePayment(payment.providerPaymentId!, 'paid');
      expect(await orderRow(order.id)).toMatchObject({ status: 'completed', paidAmount: 5000 });
      expect(await participantOf(serviceId)).toMatchObject({ status: 'confirmed', holdsSeat: true });
      expect(await seats(serviceId)).toBe(1);
      await signAgain(t.app.ctx, family);
    } finally {
      t.clock.advance(-21 * MINUTE);
    }
  });

  it('the hold lapses and the seat is taken meanwhile: the late payment leaves it for review', async () => {
    const { order, serviceId } = await orderFor({ provider: 'mollie', maxSeats: 1 });
    const payment = await molliePaymentOf(order.id);
    t.clock.advance(21 * MINUTE);
    try {
      await releaseExpiredHolds(t.app.ctx);
      const [other] = await createFamilies(t.app.ctx, 1);
      const [service] = await t.db.select().from(services).where(eq(services.id, serviceId));
      const took = await call(other!.token, 'POST', '/api/cart/items', {
        blueprintId: service!.blueprintId,
        serviceIds: [serviceId],
        memberIds: [other!.childId],
      });
      expect(took.json().added).toHaveLength(1);
      await mollie.completePayment(payment.providerPaymentId!, 'paid');
      expect(await orderRow(order.id)).toMatchObject({ status: 'completed' });
      const mine = (await t.db.select().from(participants).where(eq(participants.orderId, order.id)))[0]!;
      expect(mine).toMatchObject({ status: 'needs-review', reviewReason: 'waiting-list', holdsSeat: false });
      expect(await seats(serviceId)).toBe(1);
    } finally {
      t.clock.advance(-21 * MINUTE);
    }
  });
});
