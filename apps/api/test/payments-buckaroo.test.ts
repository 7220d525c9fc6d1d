import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { registerMaintenance } from '../src/jobs/maintenance';
import { newId } from '../src/lib/ids';
import { createPaymentsService, type PaymentsService } from '../src/modules/payments/payments.service';
import { type FakeBuckaroo, startFakeBuckaroo } from './helpers/fake-buckaroo';
import { deliverTo } from './helpers/fake-mollie';
import { createTestApp, DEMO_HOST, type TestApp } from './helpers/test-app';

const BASE_HOST = 'localhost:3000';
const WEBSITE_KEY = 'WEBKEY42';
const SECRET_KEY = 'S3cr3t-Buckaroo-Key';

let t: TestApp;
let buckaroo: FakeBuckaroo;
let payments: PaymentsService;
let managerToken: string;
let parent: { userId: string; familyId: string };

beforeAll(async () => {
  buckaroo = await startFakeBuckaroo({ websites: { [WEBSITE_KEY]: SECRET_KEY } });
  t = await createTestApp({ env: buckaroo.env });
  buckaroo.setDeliver(deliverTo(t));
  payments = createPaymentsService(t.app.ctx);
  managerToken = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  const [row] = await t.database.query<{ id: string; family_id: string }>(
    `select id, family_id from users where organization_id = 'org_demo' and email = $1`,
    [DEMO_ACCOUNTS.parent],
  );
  parent = { userId: row!.id, familyId: row!.family_id };
});

afterAll(async () => {
  await t?.close();
  await buckaroo?.close();
});

async function insertOrder(totalAmount: number) {
  const id = newId('ord');
  await t.db.insert(orders).values({
    organizationId: 'org_demo',
    id,
    familyId: parent.familyId,
    userId: parent.userId,
    status: 'pending',
    paymentProvider: 'buckaroo',
    totalAmount,
  });
  return id;
}

async function orderRow(id: string) {
  const [row] = await t.database.query<{ status: string; paid_amount: number }>(
    `select status, paid_amount from orders where organization_id = 'org_demo' and id = $1`,
    [id],
  );
  return row!;
}

async function paymentsOf(orderId: string) {
  return t.database.query<{ id: string; status: string; amount: number; provider_payment_id: string | null }>(
    `select id, status, amount, provider_payment_id from payments where organization_id = 'org_demo' and order_id = $1
      order by created_at`,
    [orderId],
  );
}

/** An order with a payment started at Buckaroo: its transaction key. */
async function startedOrder(totalAmount: number) {
  const orderId = await insertOrder(totalAmount);
  await payments.startPayment('org_demo', orderId);
  const [payment] = await paymentsOf(orderId);
  return { orderId, paymentId: payment!.id, key: payment!.provider_payment_id! };
}

describe('Buckaroo configuration', () => {
  it('needs both keys before Buckaroo can be chosen', async () => {
    const missing = await t.request('PATCH', '/api/organizations/org_demo', {
      token: managerToken,
      body: { paymentProvider: 'buckaroo', buckarooWebsiteKey: WEBSITE_KEY },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([
      expect.objectContaining({
        field: 'buckarooSecretKey',
        message: 'Renseignez la clé du site et la clé secrète Buckaroo',
      }),
    ]);
    const saved = await t.request('PATCH', '/api/organizations/org_demo', {
      token: managerToken,
      body: { paymentProvider: 'buckaroo', buckarooWebsiteKey: WEBSITE_KEY, buckarooSecretKey: SECRET_KEY },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(SECRET_KEY);
    expect(saved.json()).toMatchObject({
      organization: { paymentProvider: 'buckaroo', buckarooSecretKeySet: true, paymentComplete: true },
      paymentProviderActivated: 'buckaroo',
      paymentProviderDeactivated: 'offline',
      notifications: [
        'Le moyen de paiement Virement bancaire a été désactivé.',
        'Le moyen de paiement Buckaroo a été activé.',
      ],
    });
  });
});

describe('Buckaroo payments', () => {
  it('sends a signed transaction that Buckaroo accepts, and records its key and redirect', async () => {
    const orderId = await insertOrder(12345);
    const { checkoutUrl } = await payments.startPayment('org_demo', orderId);
    const [payment] = await paymentsOf(orderId);
    const transaction = buckaroo.transactions.get(payment!.provider_payment_id!)!;
    expect(buckaroo.rejected).toEqual([]);
    expect(checkoutUrl).toBe(`${buckaroo.url}/checkout/${transaction.key}`);
    expect(transaction.websiteKey).toBe(WEBSITE_KEY);
    expect(transaction.request).toMatchObject({
      Currency: 'EUR',
      AmountDebit: 123.45,
      Invoice: payment!.id,
      PushURL: `http://${BASE_HOST}/api/payments/webhooks/buckaroo`,
      ReturnURL: `http://${DEMO_HOST}/api/payments/return/${orderId}`,
    });
    expect(payment).toMatchObject({ status: 'pending', amount: 12345 });
  });

  it('is refused by Buckaroo when signed with the wrong secret: the attempt fails with 503', async () => {
    buckaroo.addWebsite(WEBSITE_KEY, 'another-secret');
    try {
      const orderId = await insertOrder(500);
      await expect(payments.startPayment('org_demo', orderId)).rejects.toMatchObject({ code: 'unavailable' });
      expect(buckaroo.rejected.at(-1)).toMatchObject({ path: '/json/Transaction', reason: 'bad signature' });
      expect((await paymentsOf(orderId))[0]!.status).toBe('failed');
      expect((await orderRow(orderId)).status).toBe('require-action');
    } finally {
      buckaroo.addWebsite(WEBSITE_KEY, SECRET_KEY);
    }
  });

  it('refuses a push with a bad signature (400) and changes nothing', async () => {
    const { orderId, key } = await startedOrder(2000);
    const forged = await buckaroo.complete(key, 190, { secretKey: 'not-the-secret' });
    expect(forged?.status).toBe(400);
    expect((await paymentsOf(orderId))[0]!.status).toBe('pending');
    expect(await orderRow(orderId)).toEqual({ status: 'pending', paid_amount: 0 });

    const unsigned = await t.request('POST', '/api/payments/webhooks/buckaroo', {
      host: BASE_HOST,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Transaction: { Key: key, Status: { Code: { Code: 190 } } } }),
    });
    expect(unsigned.statusCode).toBe(400);
    const garbage = await t.request('POST', '/api/payments/webhooks/buckaroo', {
      host: BASE_HOST,
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(garbage.statusCode).toBe(400);
    expect((await paymentsOf(orderId))[0]!.status).toBe('pending');
  });

  it('refuses a push signed more than five minutes away from now (400) and changes nothing', async () => {
    const { orderId, key } = await startedOrder(2500);
    const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
    const in2020 = Date.UTC(2020, 5, 1) / 1000;
    // Ten seconds past the limit: the request reaches the server a moment after nowSeconds() is read
    // (seconds on a loaded machine); the exact boundary (±300 s) is buckaroo-hmac.test.ts's.
    for (const timestamp of [in2020, nowSeconds() - 310, nowSeconds() + 310]) {
      const stale = await buckaroo.complete(key, 190, { timestamp });
      expect(stale?.status, String(timestamp)).toBe(400);
      expect(stale?.body).toContain('timestamp');
    }
    // The app's clock decides: a push signed now is stale once that clock is six minutes later.
    t.clock.advance(6 * 60_000);
    try {
      expect((await buckaroo.complete(key, 190))?.status).toBe(400);
    } finally {
      t.clock.advance(-6 * 60_000);
    }
    expect((await paymentsOf(orderId))[0]!.status).toBe('pending');
    expect(await orderRow(orderId)).toEqual({ status: 'pending', paid_amount: 0 });

    expect((await buckaroo.complete(key, 190, { timestamp: nowSeconds() - 240 }))?.status).toBe(200);
    expect(await orderRow(orderId)).toEqual({ status: 'completed', paid_amount: 2500 });
  });

  it('refuses a push whose nonce was already seen: a captured push replayed pays once', async () => {
    const { orderId, key } = await startedOrder(1800);
    expect((await buckaroo.complete(key, 490))?.status).toBe(200);
    const replayedFailure = await buckaroo.replayLastPush();
    expect(replayedFailure.status).toBe(400);
    expect(replayedFailure.body).toContain('nonce');

    expect((await buckaroo.complete(key, 190))?.status).toBe(200);
    expect(await orderRow(orderId)).toEqual({ status: 'completed', paid_amount: 1800 });
    for (let i = 0; i < 3; i++) expect((await buckaroo.replayLastPush()).status).toBe(400);
    expect(await paymentsOf(orderId)).toEqual([expect.objectContaining({ status: 'paid', amount: 1800 })]);
    expect(await orderRow(orderId)).toEqual({ status: 'completed', paid_amount: 1800 });
  });

  it('remembers nonces in the database until their timestamp is too old, then forgets them', async () => {
    const { key } = await startedOrder(700);
    const nonce = `n-${Date.now()}`;
    const timestamp = Math.floor(t.clock.now().getTime() / 1000) - 60;
    expect((await buckaroo.complete(key, 790, { nonce, timestamp }))?.status).toBe(200);
    const stored = () =>
      t.database.query<{ organization_id: string; provider: string; expires_at: Date }>(
        `select organization_id, provider, expires_at from webhook_nonces where nonce = $1`,
        [nonce],
      );
    expect(await stored()).toEqual([
      { organization_id: 'org_demo', provider: 'buckaroo', expires_at: new Date((timestamp + 300) * 1000) },
    ]);
    await t.database.query(
      `update webhook_nonces set expires_at = now() - interval '1 second' where nonce = $1`,
      [nonce],
    );
    await registerMaintenance(t.app.ctx.queue, t.db);
    await t.app.ctx.queue.runUntilIdle();
    expect(await stored()).toEqual([]);
  });

  it('pays the order on 190, once', async () => {
    const { orderId, key } = await startedOrder(2000);
    expect((await buckaroo.complete(key, 190))?.status).toBe(200);
    expect(await orderRow(orderId)).toEqual({ status: 'completed', paid_amount: 2000 });
    expect((await buckaroo.push(key))?.status).toBe(200);
    expect(await orderRow(orderId)).toEqual({ status: 'completed', paid_amount: 2000 });
  });

  it('turns a failed payment (490) into paid when 190 follows', async () => {
    const { orderId, key } = await startedOrder(3000);
    await buckaroo.complete(key, 490);
    expect((await paymentsOf(orderId))[0]!.status).toBe('failed');
    expect((await orderRow(orderId)).status).toBe('require-action');
    await buckaroo.complete(key, 190);
    expect((await paymentsOf(orderId))[0]!.status).toBe('paid');
    expect(await orderRow(orderId)).toEqual({ status: 'completed', paid_amount: 3000 });
  });

  it('keeps a paid payment paid when a cancellation (890) arrives after 190', async () => {
    const { orderId, key } = await startedOrder(1500);
    await buckaroo.complete(key, 190);
    expect((await buckaroo.complete(key, 890))?.status).toBe(200);
    expect((await paymentsOf(orderId))[0]!.status).toBe('paid');
    expect(await orderRow(orderId)).toEqual({ status: 'completed', paid_amount: 1500 });
  });

  it('reads the status (signed) when the browser comes back, by GET or by POST', async () => {
    const first = await startedOrder(800);
    buckaroo.setStatus(first.key, 190);
    const back = await t.request('GET', `/api/payments/return/${first.orderId}`);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`http://${DEMO_HOST}/orders/${first.orderId}`);
    expect((await orderRow(first.orderId)).status).toBe('completed');

    const second = await startedOrder(900);
    buckaroo.setStatus(second.key, 890);
    const posted = await t.request('POST', `/api/payments/return/${second.orderId}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'brq_statuscode=890&brq_transactions=whatever',
    });
    expect(posted.statusCode).toBe(303);
    expect((await paymentsOf(second.orderId))[0]!.status).toBe('cancelled');
    expect((await orderRow(second.orderId)).status).toBe('require-action');
    expect(buckaroo.rejected.filter((r) => r.path.startsWith('/json/Transaction/Status'))).toEqual([]);
  });

  it('refunds with AmountCredit and the original transaction key', async () => {
    const { orderId, paymentId, key } = await startedOrder(5000);
    await buckaroo.complete(key, 190);
    const refund = await payments.refund('org_demo', paymentId, 5000, 'Annulation');
    expect(refund.status).toBe('refunded');
    const credit = [...buckaroo.transactions.values()].find((tx) => tx.originalTransactionKey === key)!;
    expect(credit.request).toMatchObject({ AmountCredit: 50, OriginalTransactionKey: key, Currency: 'EUR' });
    expect((await paymentsOf(orderId))[0]!.status).toBe('refunded');
    expect((await orderRow(orderId)).paid_amount).toBe(0);
  });
});
