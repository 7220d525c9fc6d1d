import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { newId } from '../src/lib/ids';
import { createPaymentsService, type PaymentsService } from '../src/modules/payments/payments.service';
import { type FakeMollie, startFakeMollie, deliverTo } from './helpers/fake-mollie';
import { ADMIN_HOST, createTestApp, DEMO_HOST, type TestApp } from './helpers/test-app';

const BASE_HOST = 'localhost:3000';

let t: TestApp;
let mollie: FakeMollie;
let payments: PaymentsService;
const tokens: Record<string, string> = {};
let parent: { userId: string; familyId: string };

beforeAll(async () => {
  mollie = await startFakeMollie();
  t = await createTestApp({ env: mollie.env });
  mollie.setDeliver(deliverTo(t));
  payments = createPaymentsService(t.app.ctx);
  await signInAll();
  const [row] = await t.database.query<{ id: string; family_id: string }>(
    `select id, family_id from users where organization_id = 'org_demo' and email = $1`,
    [DEMO_ACCOUNTS.parent],
  );
  parent = { userId: row!.id, familyId: row!.family_id };
});

afterAll(async () => {
  await t?.close();
  await mollie?.close();
});

async function signInAll() {
  for (const [role, email] of Object.entries(DEMO_ACCOUNTS)) {
    const host = email.endsWith('@admin.test') ? ADMIN_HOST : undefined;
    tokens[role] = (await t.signIn(email, undefined, host)).accessToken;
  }
}

/** Moves time forward past the access tokens' hour (ours and Mollie's), then signs in again. */
async function afterTwoHours() {
  t.clock.advance(2 * 60 * 60 * 1000);
  await signInAll();
}

/** An order of the parent's family to pay (no lines: the payment flow does not read them). */
async function insertOrder(totalAmount: number, provider = 'mollie') {
  const id = newId('ord');
  await t.db.insert(orders).values({
    organizationId: 'org_demo',
    id,
    familyId: parent.familyId,
    userId: parent.userId,
    status: 'pending',
    paymentProvider: provider,
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

const asManager = (method: 'GET' | 'DELETE' | 'PATCH', url: string, body?: unknown) =>
  t.request(method, url, { token: tokens.manager, body });

/** Connect → authorize (auto-approved by the fake) → callback: answers where the browser lands. */
async function connect() {
  const started = await asManager('GET', '/api/integrations/mollie/oauth/connect/org_demo');
  expect(started.statusCode, started.body).toBe(200);
  const authorize = await fetch((started.json() as { url: string }).url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get('location')!);
  expect(callback.host).toBe(BASE_HOST);
  const landed = await t.request('GET', `${callback.pathname}${callback.search}`, { host: BASE_HOST });
  expect(landed.statusCode).toBe(302);
  return landed.headers.location as string;
}

const status = async () => {
  const response = await asManager('GET', '/api/integrations/mollie/oauth/status/org_demo');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { status: string; dashboardUrl: string | null };
};

describe('Mollie connection (OAuth)', () => {
  it('is unset before any connection', async () => {
    expect(await status()).toEqual({ status: 'unset', dashboardUrl: null });
  });

  it('asks for the scopes of the brief with a state, then stores the connection', async () => {
    const started = await asManager('GET', '/api/integrations/mollie/oauth/connect/org_demo');
    const url = new URL((started.json() as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe(mollie.authorizeUrl);
    expect(url.searchParams.get('client_id')).toBe(mollie.clientId);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe(
      `http://${BASE_HOST}/api/integrations/mollie/oauth/callback`,
    );
    expect(url.searchParams.get('scope')!.split(' ').sort()).toEqual(
      [
        'payments.read',
        'payments.write',
        'refunds.read',
        'refunds.write',
        'onboarding.read',
        'profiles.read',
        'organizations.read',
      ].sort(),
    );
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);

    const landed = await connect();
    expect(landed).toBe(
      'http://demo.localhost:3000/configuration/organizations/org_demo?step=payment&mollie=connected',
    );
    expect(mollie.tokenRequests.at(-1)?.grantType).toBe('authorization_code');
    const [row] = await t.database.query<{
      access_token_encrypted: string;
      refresh_token_encrypted: string;
      profile_id: string;
      oauth_state: string | null;
    }>(`select * from mollie_connections where organization_id = 'org_demo'`);
    expect(row!.profile_id).toBe('pfl_fakeprofile');
    expect(row!.oauth_state).toBeNull();
    // Encrypted at rest.
    expect(row!.access_token_encrypted).not.toMatch(/access_/);
    expect(row!.refresh_token_encrypted).not.toMatch(/refresh_/);
  });

  it('shows onboarding with the dashboard link, then ready once Mollie has verified the account', async () => {
    expect(await status()).toEqual({
      status: 'onboarding',
      dashboardUrl: `${mollie.url}/dashboard/onboarding`,
    });
    mollie.setOnboarding('completed', true);
    expect(await status()).toEqual({ status: 'ready', dashboardUrl: null });
  });

  it('refuses a replayed or unknown state and reports a refused authorisation', async () => {
    const unknown = await t.request('GET', '/api/integrations/mollie/oauth/callback?code=x&state=nope', {
      host: BASE_HOST,
    });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe(`http://${BASE_HOST}/`);
    const started = await asManager('GET', '/api/integrations/mollie/oauth/connect/org_demo');
    const state = new URL((started.json() as { url: string }).url).searchParams.get('state')!;
    const denied = await t.request(
      'GET',
      `/api/integrations/mollie/oauth/callback?error=access_denied&state=${encodeURIComponent(state)}`,
      { host: BASE_HOST },
    );
    expect(denied.headers.location).toBe(
      'http://demo.localhost:3000/configuration/organizations/org_demo?step=payment&mollie=error',
    );
    // Still connected as before.
    expect((await status()).status).toBe('ready');
  });

  it('lets only the organisation managers and system staff in', async () => {
    for (const role of ['parent', 'holder', 'estManager']) {
      const response = await t.request('GET', '/api/integrations/mollie/oauth/status/org_demo', {
        token: tokens[role],
      });
      expect(response.statusCode, role).toBe(403);
    }
    const other = await asManager('GET', '/api/integrations/mollie/oauth/connect/org_other');
    expect(other.statusCode).toBe(404);
    const staff = await t.request('GET', '/api/integrations/mollie/oauth/status/org_demo', {
      token: tokens.sysadmin,
      organizationId: 'org_demo',
    });
    expect(staff.statusCode, staff.body).toBe(200);
    const anonymous = await t.request('GET', '/api/integrations/mollie/oauth/status/org_demo');
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets the manager choose Mollie once connected', async () => {
    const response = await asManager('PATCH', '/api/organizations/org_demo', { paymentProvider: 'mollie' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { paymentProviderActivated: string; notifications: string[] };
    expect(body.paymentProviderActivated).toBe('mollie');
    expect(body.notifications).toContain('Le moyen de paiement Mollie a été activé.');
  });
});

describe('Mollie payments', () => {
  it('creates the payment for the profile, with the amount as a string and our URLs', async () => {
    const orderId = await insertOrder(12345);
    const { checkoutUrl } = await payments.startPayment('org_demo', orderId);
    const [payment] = await paymentsOf(orderId);
    expect(payment).toMatchObject({ status: 'open', amount: 12345 });
    const sent = mollie.payments.get(payment!.provider_payment_id!)!;
    expect(checkoutUrl).toBe(`${mollie.url}/checkout/${sent.id}`);
    expect(sent.amount).toEqual({ currency: 'EUR', value: '123.45' });
    expect(sent.profileId).toBe('pfl_fakeprofile');
    expect(sent.webhookUrl).toBe(`http://${BASE_HOST}/api/payments/webhooks/mollie`);
    expect(sent.redirectUrl).toBe(`http://${DEMO_HOST}/api/payments/return/${orderId}`);
    expect(sent.metadata).toEqual({ orderId, paymentId: payment!.id });
    expect(sent.locale).toBe('fr_BE');

    // Asking again while it is open gives the same payment.
    expect(await payments.startPayment('org_demo', orderId)).toEqual({ checkoutUrl });
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it('completes the order when the webhook says paid, once, whatever is replayed afterwards', async () => {
    const orderId = await insertOrder(2500);
    await payments.startPayment('org_demo', orderId);
    const [payment] = await paymentsOf(orderId);
    const id = payment!.provider_payment_id!;

    const delivery = await mollie.completePayment(id, 'paid');
    expect(delivery?.status).toBe(200);
    expect(await orderRow(orderId)).toEqual({ status: 'completed', paid_amount: 2500 });
    expect((await paymentsOf(orderId))[0]!.status).toBe('paid');

    // Replayed and duplicated notifications.
    await mollie.sendWebhook(id);
    await Promise.all([mollie.sendWebhook(id), mollie.sendWebhook(id)]);
    expect(await orderRow(orderId)).toEqual({ status: 'completed', paid_amount: 2500 });

    // Out of order: a "failed" reading after paid changes nothing.
    mollie.setPaymentStatus(id, 'failed');
    expect((await mollie.sendWebhook(id))?.status).toBe(200);
    expect((await paymentsOf(orderId))[0]!.status).toBe('paid');
    expect(await orderRow(orderId)).toEqual({ status: 'completed', paid_amount: 2500 });
  });

  it('answers 200 to unknown ids without asking Mollie nor changing anything', async () => {
    const before = mollie.apiRequests.length;
    for (const payload of ['id=tr_unknown123', 'id=', 'nonsense', '']) {
      const response = await t.request('POST', '/api/payments/webhooks/mollie', {
        host: BASE_HOST,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: payload,
      });
      expect(response.statusCode, payload).toBe(200);
    }
    expect(mollie.apiRequests.length).toBe(before);
  });

  it('puts the order in require-action when the family cancels', async () => {
    const orderId = await insertOrder(1000);
    await payments.startPayment('org_demo', orderId);
    const id = (await paymentsOf(orderId))[0]!.provider_payment_id!;
    await mollie.completePayment(id, 'canceled');
    expect((await paymentsOf(orderId))[0]!.status).toBe('cancelled');
    expect((await orderRow(orderId)).status).toBe('require-action');

    // A retry makes a new payment; paying it completes the order.
    const retry = await payments.startPayment('org_demo', orderId);
    const all = await paymentsOf(orderId);
    expect(all).toHaveLength(2);
    expect(retry.checkoutUrl).toContain(all[1]!.provider_payment_id!);
    await mollie.completePayment(all[1]!.provider_payment_id!, 'paid');
    expect(await orderRow(orderId)).toEqual({ status: 'completed', paid_amount: 1000 });
  });

  it('checks the status on return, so the family sees it paid before the webhook', async () => {
    const orderId = await insertOrder(4200);
    await payments.startPayment('org_demo', orderId);
    const id = (await paymentsOf(orderId))[0]!.provider_payment_id!;
    mollie.setPaymentStatus(id, 'paid');
    const response = await t.request('GET', `/api/payments/return/${orderId}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`http://${DEMO_HOST}/orders/${orderId}`);
    expect(await orderRow(orderId)).toEqual({ status: 'completed', paid_amount: 4200 });
  });

  it('sends the browser to the order page on the way back, whatever the order', async () => {
    const unknown = await t.request('GET', '/api/payments/return/ord_unknown');
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe(`http://${DEMO_HOST}/orders`);
    const noOrganization = await t.request('GET', '/api/payments/return/ord_unknown', { host: BASE_HOST });
    expect(noOrganization.statusCode).toBe(404);
  });

  it('marks the attempt failed and answers 503 with a French message when Mollie is down', async () => {
    const orderId = await insertOrder(700);
    mollie.setFailPayments(true);
    try {
      await expect(payments.startPayment('org_demo', orderId)).rejects.toMatchObject({ code: 'unavailable' });
      const error = await payments
        .startPayment('org_demo', orderId)
        .catch((e: { messageFor(l: string): string }) => e);
      expect((error as { messageFor(l: string): string }).messageFor('fr')).toBe(
        'Le prestataire de paiement est indisponible. Réessayez dans quelques instants.',
      );
    } finally {
      mollie.setFailPayments(false);
    }
    expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(['failed', 'failed']);
    expect((await orderRow(orderId)).status).toBe('require-action');
  });

  it('refunds through Mollie and records it', async () => {
    const orderId = await insertOrder(3000);
    await payments.startPayment('org_demo', orderId);
    const payment = (await paymentsOf(orderId))[0]!;
    await mollie.completePayment(payment.provider_payment_id!, 'paid');
    const refund = await payments.refund('org_demo', payment.id, 1000, 'Séance annulée');
    expect(refund.status).toBe('pending');
    expect(mollie.payments.get(payment.provider_payment_id!)!.refunds).toEqual([
      expect.objectContaining({ amount: { currency: 'EUR', value: '10.00' } }),
    ]);
    const [row] = await t.database.query<{ amount: number; provider_refund_id: string; reason: string }>(
      `select amount, provider_refund_id, reason from payment_refunds where organization_id = 'org_demo' and payment_id = $1`,
      [payment.id],
    );
    expect(row).toMatchObject({ amount: 1000, reason: 'Séance annulée' });
    expect(row!.provider_refund_id).toMatch(/^re_/);
    expect((await orderRow(orderId)).paid_amount).toBe(2000);
    await expect(payments.refund('org_demo', payment.id, 2001, 'trop')).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });

  const refundsOf = (paymentId: string) =>
    t.database.query<{ amount: number; status: string; reason: string; provider_refund_id: string | null }>(
      `select amount, status, reason, provider_refund_id from payment_refunds
        where organization_id = 'org_demo' and payment_id = $1 order by created_at`,
      [paymentId],
    );
  const refundedAmountOf = async (paymentId: string) =>
    (
      await t.database.query<{ refunded_amount: number }>(
        `select refunded_amount from payments where organization_id = 'org_demo' and id = $1`,
        [paymentId],
      )
    )[0]!.refunded_amount;

  it('records a refund once when Mollie calls the webhook before answering', async () => {
    const orderId = await insertOrder(3000);
    await payments.startPayment('org_demo', orderId);
    const payment = (await paymentsOf(orderId))[0]!;
    await mollie.completePayment(payment.provider_payment_id!, 'paid');
    const deliveries = mollie.webhookDeliveries.length;
    mollie.setWebhookBeforeRefundAnswer(true);
    try {
      await payments.refund('org_demo', payment.id, 1000, 'Séance annulée');
    } finally {
      mollie.setWebhookBeforeRefundAnswer(false);
    }
    // The webhook came (and said 10.00 refunded) while the refund was being asked: it found the
    // refund already counted, so the order has one refund of 10.00, not a second « provider » one.
    expect(mollie.webhookDeliveries.slice(deliveries).map((d) => d.status)).toEqual([200]);
    expect(await refundsOf(payment.id)).toEqual([
      expect.objectContaining({ amount: 1000, status: 'pending', reason: 'Séance annulée' }),
    ]);
    expect(await refundedAmountOf(payment.id)).toBe(1000);
    expect((await orderRow(orderId)).paid_amount).toBe(2000);
  });

  it('gives the amount back when Mollie refuses the refund, and keeps the attempt as failed', async () => {
    const orderId = await insertOrder(3000);
    await payments.startPayment('org_demo', orderId);
    const payment = (await paymentsOf(orderId))[0]!;
    await mollie.completePayment(payment.provider_payment_id!, 'paid');
    // 25.00 refunded on Mollie's side that the app has not heard of yet: Mollie refuses 10.00 more.
    mollie.payments.get(payment.provider_payment_id!)!.refunds.push({
      id: 're_unheard',
      amount: { currency: 'EUR', value: '25.00' },
      description: 'Dashboard',
      status: 'refunded',
    });
    await expect(payments.refund('org_demo', payment.id, 1000, 'Séance annulée')).rejects.toMatchObject({
      code: 'unavailable',
    });
    expect(await refundsOf(payment.id)).toEqual([
      expect.objectContaining({ amount: 1000, status: 'failed' }),
    ]);
    expect(await refundedAmountOf(payment.id)).toBe(0);
    expect((await orderRow(orderId)).paid_amount).toBe(3000);
    // What Mollie can still refund goes through.
    await payments.refund('org_demo', payment.id, 500, 'Geste commercial');
    expect(await refundedAmountOf(payment.id)).toBe(500);
  });

  it('lets two refunds of one payment at once take no more than was paid', async () => {
    const orderId = await insertOrder(3000);
    await payments.startPayment('org_demo', orderId);
    const payment = (await paymentsOf(orderId))[0]!;
    await mollie.completePayment(payment.provider_payment_id!, 'paid');
    const outcomes = await Promise.allSettled([
      payments.refund('org_demo', payment.id, 2000, 'Premier'),
      payments.refund('org_demo', payment.id, 2000, 'Second'),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    // Refused by the app, which had counted the first one, not by Mollie.
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'validation_failed' });
    expect(await refundedAmountOf(payment.id)).toBe(2000);
    expect(mollie.payments.get(payment.provider_payment_id!)!.refunds).toHaveLength(1);
  });
});

describe('Mollie through the real checkout', () => {
  it('sends the family from /cart/checkout to Mollie and back to a completed order', async () => {
    const members = await t.database.query<{ id: string }>(
      `select id from members where organization_id = 'org_demo' and family_id = $1`,
      [parent.familyId],
    );
    const catalog = await t.request('GET', '/api/catalog/blueprints', {
      token: tokens.parent,
      query: { pageSize: '100' },
    });
    expect(catalog.statusCode, catalog.body).toBe(200);
    let added = 0;
    for (const item of (catalog.json() as { items: { id: string; nextSessions: { id: string }[] }[] })
      .items) {
      const session = item.nextSessions[0];
      if (!session) continue;
      const response = await t.request('POST', '/api/cart/items', {
        token: tokens.parent,
        body: { blueprintId: item.id, serviceIds: [session.id], memberIds: members.map((m) => m.id) },
      });
      if (response.statusCode === 200 || response.statusCode === 201) {
        added += (response.json() as { added: unknown[] }).added.length;
      }
      if (added > 0) break;
    }
    expect(added).toBeGreaterThan(0);

    const checkout = await t.request('POST', '/api/cart/checkout', {
      token: tokens.parent,
      body: { paymentProvider: 'mollie' },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const { order, redirectUrl } = checkout.json() as {
      order: { id: string; status: string; totalAmount: number };
      redirectUrl: string;
    };
    expect(order.status).toBe('pending');
    expect(redirectUrl).toMatch(new RegExp(`^${mollie.url}/checkout/tr_`));

    // The family pays on Mollie's page: Mollie calls the webhook, then sends the browser back.
    const page = await fetch(redirectUrl);
    expect(await page.text()).toContain('Payé');
    const paid = await fetch(redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'status=paid',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://${DEMO_HOST}/api/payments/return/${order.id}`);
    expect(mollie.webhookDeliveries.at(-1)?.status).toBe(200);

    const detail = await t.request('GET', `/api/orders/${order.id}`, { token: tokens.parent });
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json() as {
      status: string;
      paidAmount: number;
      totalAmount: number;
      lines: { participantStatus: string }[];
    };
    expect(body.status).toBe('completed');
    expect(body.paidAmount).toBe(body.totalAmount);
    expect(body.lines.every((line) => line.participantStatus === 'confirmed')).toBe(true);
  });
});

describe('Mollie tokens', () => {
  it('refreshes an expired access token before calling Mollie', async () => {
    const refreshes = mollie.tokenRequests.filter((r) => r.grantType === 'refresh_token').length;
    await afterTwoHours();
    const orderId = await insertOrder(1500);
    const { checkoutUrl } = await payments.startPayment('org_demo', orderId);
    expect(checkoutUrl).toContain('/checkout/tr_');
    expect(mollie.tokenRequests.filter((r) => r.grantType === 'refresh_token')).toHaveLength(refreshes + 1);
    // The fake revoked the old access token on refresh: the payment was made with the new one.
    const sent = mollie.payments.get((await paymentsOf(orderId))[0]!.provider_payment_id!)!;
    expect(mollie.apiRequests.filter((r) => r.token === sent.accessToken).length).toBeGreaterThan(0);
  });

  it('disconnects: revokes the grant and forgets the tokens', async () => {
    const [refreshToken] = [...mollie.refreshTokens.keys()].filter((token) => !mollie.isRevoked(token));
    const response = await asManager('DELETE', '/api/integrations/mollie/oauth/org_demo');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'disconnected', dashboardUrl: null });
    expect(mollie.isRevoked(refreshToken!)).toBe(true);
    expect((await status()).status).toBe('disconnected');
    const [row] = await t.database.query<{
      access_token_encrypted: string | null;
      disconnected_at: Date | null;
    }>(
      `select access_token_encrypted, disconnected_at from mollie_connections where organization_id = 'org_demo'`,
    );
    expect(row!.access_token_encrypted).toBeNull();
    expect(row!.disconnected_at).not.toBeNull();
    const organization = await asManager('GET', '/api/organizations/org_demo');
    expect(organization.json()).toMatchObject({ mollieStatus: 'disconnected', paymentComplete: false });
  });

  it('marks the connection disconnected when Mollie rejects the refresh', async () => {
    expect(await connect()).toContain('mollie=connected');
    expect((await status()).status).toBe('ready');
    mollie.setRejectRefresh(true);
    await afterTwoHours();
    expect((await status()).status).toBe('disconnected');
    const orderId = await insertOrder(900);
    await expect(payments.startPayment('org_demo', orderId)).rejects.toMatchObject({ code: 'unavailable' });
    mollie.setRejectRefresh(false);
  });
});
