import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './test-app';

/*
 * A local Mollie speaking the documented API as the official client (`@mollie/api-client`) uses it:
 * OAuth (authorize, tokens), profiles, onboarding, payments, refunds, and a checkout page whose buttons
 * set the outcome, call the webhook and send the browser back. No test framework here: the browser
 * tests import it too.
 *
 * Two listeners: `url` (plain HTTP) for the pages a browser opens (authorize, checkout), `apiUrl` (HTTPS)
 * for the API, because the official client only speaks HTTPS (it pins its own agent). Its certificate is
 * self-signed, so `startFakeMollie` turns TLS verification off in this process
 * (`NODE_TLS_REJECT_UNAUTHORIZED=0`) until `close()`: the API under test must run in the same process, or
 * be started with that variable.
 */

// A throwaway self-signed certificate for localhost / 127.0.0.1 (P-256, valid until 2126). Test use only.
const TEST_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgpJynM4maHr6hw4US
Pa6YmXBKn5Uc1AidnFQzip8vCMWhRANCAAQcts50tV0QhAHttopUcgBARf1QEF7X
+eaKO0oy6z7COJ/mX37HUJKdaCQ/eH+A9klwfqmriazmYolELU2jRxl5
-----END PRIVATE KEY-----
`;
const TEST_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBmjCCAUGgAwIBAgIUOlVwNB7Sq6vX6SJjUC44Jq1GmaEwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMjAyNTIzOFoYDzIxMjYxMDI5
MDI1MjM4WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQcts50tV0QhAHttopUcgBARf1QEF7X+eaKO0oy6z7COJ/mX37HUJKd
aCQ/eH+A9klwfqmriazmYolELU2jRxl5o28wbTAdBgNVHQ4EFgQUfYdZm7ysMlz6
o7cMOphd8yPAzEwwHwYDVR0jBBgwFoAUfYdZm7ysMlz6o7cMOphd8yPAzEwwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
zj0EAwIDRwAwRAIgOk7yyrrG6W5VJAHo01LD7bFg/ccKw6XFlTPoci66l04CIAzJ
5+hsxQuOD4AbO+S83y/ADb4XqgXI64cBQCI2jyOY
-----END CERTIFICATE-----
`;

export interface Delivery {
  status: number;
  body: string;
}

/** How a fake calls back the API (webhook, push). Default: a real HTTP POST (see `postToUrl`). */
export type Deliver = (url: string, body: string, headers: Record<string, string>) => Promise<Delivery>;

/**
 * Delivers a provider's webhook or push to the test app through its real HTTP layer (inject: the app
 * does not listen in tests), at the path and host of the URL the app gave the provider.
 */
export const deliverTo =
  (t: TestApp): Deliver =>
  async (url, body, headers) => {
    const target = new URL(url);
    const response = await t.app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...headers, host: target.host },
      payload: body,
    });
    return { status: response.statusCode, body: response.body };
  };

/**
 * POSTs to a URL over HTTP. Node cannot resolve `*.localhost`: such hosts are reached on 127.0.0.1 with
 * the original Host header, as a browser would send it.
 */
export const postToUrl: Deliver = (url, body, headers) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const loopback = target.hostname === 'localhost' || target.hostname.endsWith('.localhost');
    const request = (target.protocol === 'https:' ? https : http).request(
      {
        host: loopback ? '127.0.0.1' : target.hostname,
        port: target.port || (target.protocol === 'https:' ? 443 : 80),
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        headers: { ...headers, host: target.host, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });

export const readBody = (request: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });

export const listen = (server: http.Server | https.Server): Promise<number> =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type FakeMolliePaymentStatus =
  'open' | 'pending' | 'authorized' | 'paid' | 'canceled' | 'expired' | 'failed';

export interface FakeMolliePayment {
  id: string;
  status: FakeMolliePaymentStatus;
  amount: { currency: string; value: string };
  description: string;
  redirectUrl: string;
  webhookUrl: string | null;
  metadata: unknown;
  profileId: string | null;
  locale: string | null;
  /** The access token that created it (its organisation). */
  accessToken: string;
  refunds: { id: string; amount: { currency: string; value: string }; description: string; status: string }[];
  createdAt: string;
}

export interface FakeMollieOptions {
  clientId?: string;
  clientSecret?: string;
  /** Seconds an access token lives (Mollie: 3600). */
  accessTokenTtl?: number;
  onboardingStatus?: 'needs-data' | 'in-review' | 'completed';
  canReceivePayments?: boolean;
  deliver?: Deliver;
}

const newKey = (prefix: string, length = 10) =>
  `${prefix}${randomBytes(length).toString('base64url').replace(/[-_]/g, 'x').slice(0, length)}`;

/** Starts the fake Mollie on loopback. */
export async function startFakeMollie(options: FakeMollieOptions = {}) {
  const clientId = options.clientId ?? 'app_fakeclient';
  const clientSecret = options.clientSecret ?? 'fake_client_secret';
  const state = {
    accessTokenTtl: options.accessTokenTtl ?? 3600,
    onboardingStatus: options.onboardingStatus ?? 'needs-data',
    canReceivePayments: options.canReceivePayments ?? false,
    /** When set, the token endpoint refuses refresh grants (a revoked grant). */
    rejectRefresh: false,
    /** When set, creating a payment answers 503. */
    failPayments: false,
    /**
     * When set, creating a refund calls the payment's webhook before answering, as Mollie may: its
     * notification can reach the app before the app has the refund's answer.
     */
    webhookBeforeRefundAnswer: false,
    deliver: options.deliver ?? postToUrl,
  };
  const codes = new Map<string, { redirectUri: string; scope: string }>();
  const accessTokens = new Map<string, { refreshToken: string; revoked: boolean }>();
  const refreshTokens = new Map<string, { revoked: boolean; scope: string }>();
  const payments = new Map<string, FakeMolliePayment>();
  const tokenRequests: { grantType: string; form: Record<string, string> }[] = [];
  const authorizeRequests: Record<string, string>[] = [];
  const apiRequests: { method: string; path: string; body: unknown; token: string | null }[] = [];
  const webhookDeliveries: (Delivery & { id: string; url: string })[] = [];

  const previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

  const pages = http.createServer((req, res) => void handlePage(req, res).catch((e) => fail(res, e)));
  const api = https.createServer(
    { key: TEST_TLS_KEY, cert: TEST_TLS_CERT },
    (req, res) => void handleApi(req, res).catch((e) => fail(res, e)),
  );
  const pagesPort = await listen(pages);
  const apiPort = await listen(api);
  const url = `http://127.0.0.1:${pagesPort}`;
  const apiOrigin = `https://127.0.0.1:${apiPort}`;
  const apiUrl = `${apiOrigin}/v2/`;

  function fail(res: http.ServerResponse, error: unknown) {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(String(error));
  }

  function json(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, {
      'content-type': status >= 400 ? 'application/hal+json' : 'application/hal+json',
    });
    res.end(JSON.stringify(body));
  }

  const mollieError = (res: http.ServerResponse, status: number, title: string, detail: string) =>
    json(res, status, {
      status,
      title,
      detail,
      _links: {
        documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' },
      },
    });

  function paymentJson(p: FakeMolliePayment) {
    const final = ['paid', 'canceled', 'expired', 'failed'].includes(p.status);
    return {
      resource: 'payment',
      id: p.id,
      mode: 'test',
      createdAt: p.createdAt,
      amount: p.amount,
      description: p.description,
      method: null,
      metadata: p.metadata,
      status: p.status,
      isCancelable: p.status === 'open',
      profileId: p.profileId,
      sequenceType: 'oneoff',
      redirectUrl: p.redirectUrl,
      webhookUrl: p.webhookUrl,
      locale: p.locale,
      ...(p.status === 'paid'
        ? {
            paidAt: new Date().toISOString(),
            // As Mollie: the total refunded so far, however it was made (API or dashboard).
            amountRefunded: {
              currency: 'EUR',
              value: p.refunds.reduce((sum, r) => sum + Number(r.amount.value), 0).toFixed(2),
            },
          }
        : {}),
      _links: {
        self: { href: `${apiUrl}payments/${p.id}`, type: 'application/hal+json' },
        ...(final ? {} : { checkout: { href: `${url}/checkout/${p.id}`, type: 'text/html' } }),
        dashboard: { href: `${url}/dashboard/payments/${p.id}`, type: 'text/html' },
      },
    };
  }

  /** Sets the outcome, then calls the payment's webhook as Mollie does (`id=tr_…`, form-encoded). */
  async function completePayment(id: string, status: FakeMolliePaymentStatus): Promise<Delivery | null> {
    const payment = payments.get(id);
    if (!payment) throw new Error(`unknown payment ${id}`);
    payment.status = status;
    return sendWebhook(id);
  }

  async function sendWebhook(id: string): Promise<Delivery | null> {
    const payment = payments.get(id);
    if (!payment?.webhookUrl) return null;
    const delivery = await state.deliver(payment.webhookUrl, `id=${encodeURIComponent(id)}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    webhookDeliveries.push({ ...delivery, id, url: payment.webhookUrl });
    return delivery;
  }

  async function handlePage(req: http.IncomingMessage, res: http.ServerResponse) {
    const requestUrl = new URL(req.url ?? '/', url);
    if (req.method === 'GET' && requestUrl.pathname === '/oauth2/authorize') {
      const params = Object.fromEntries(requestUrl.searchParams);
      authorizeRequests.push(params);
      const redirectUri = params.redirect_uri;
      if (params.client_id !== clientId || !redirectUri || !params.state || params.response_type !== 'code') {
        res.writeHead(400, { 'content-type': 'text/plain' });
        return res.end('invalid authorization request');
      }
      // Auto-approves, as a merchant clicking « Autoriser » would.
      const code = newKey('auth_', 24);
      codes.set(code, { redirectUri, scope: params.scope ?? '' });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', params.state);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    const checkout = /^\/checkout\/(tr_[A-Za-z0-9]+)$/.exec(requestUrl.pathname);
    if (checkout) {
      const payment = payments.get(checkout[1]!);
      if (!payment) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('unknown payment');
      }
      if (req.method === 'POST') {
        const outcome = new URLSearchParams(await readBody(req)).get('status');
        const allowed: FakeMolliePaymentStatus[] = ['paid', 'failed', 'canceled', 'expired'];
        if (!allowed.includes(outcome as FakeMolliePaymentStatus)) {
          res.writeHead(400, { 'content-type': 'text/plain' });
          return res.end('unknown outcome');
        }
        await completePayment(payment.id, outcome as FakeMolliePaymentStatus);
        res.writeHead(303, { location: payment.redirectUrl });
        return res.end();
      }
      const button = (status: string, label: string) =>
        `<button type="submit" name="status" value="${status}">${label}</button>`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Mollie (test)</title></head>
<body><h1>Paiement de test</h1><p>${escapeHtml(payment.description)}</p>
<p>Montant : ${escapeHtml(payment.amount.value)} ${escapeHtml(payment.amount.currency)}</p>
<form method="post">${button('paid', 'Payé')} ${button('failed', 'Échoué')} ${button('canceled', 'Annulé')} ${button('expired', 'Expiré')}</form>
</body></html>`);
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  }

  function bearer(req: http.IncomingMessage): string | null {
    const header = req.headers.authorization ?? '';
    return /^Bearer /.test(header) ? header.slice(7) : null;
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse) {
    const requestUrl = new URL(req.url ?? '/', apiOrigin);
    const path = requestUrl.pathname;
    const raw = await readBody(req);

    if (path === '/oauth2/tokens') {
      const basic = req.headers.authorization ?? '';
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (basic !== expected) return json(res, 401, { error: 'invalid_client' });
      const form = Object.fromEntries(new URLSearchParams(raw));
      if (req.method === 'DELETE') {
        const refresh = refreshTokens.get(form.token ?? '');
        if (refresh) refresh.revoked = true;
        const access = accessTokens.get(form.token ?? '');
        if (access) access.revoked = true;
        for (const [token, entry] of accessTokens)
          if (entry.refreshToken === form.token) accessTokens.get(token)!.revoked = true;
        res.writeHead(204);
        return res.end();
      }
      tokenRequests.push({ grantType: form.grant_type ?? '', form });
      let refreshToken: string;
      let scope: string;
      if (form.grant_type === 'authorization_code') {
        const code = codes.get(form.code ?? '');
        if (!code || (code.redirectUri && form.redirect_uri !== code.redirectUri)) {
          return json(res, 400, {
            error: 'invalid_grant',
            error_description: 'The authorization code is invalid',
          });
        }
        codes.delete(form.code!);
        refreshToken = newKey('refresh_', 30);
        scope = code.scope;
        refreshTokens.set(refreshToken, { revoked: false, scope });
      } else if (form.grant_type === 'refresh_token') {
        const entry = refreshTokens.get(form.refresh_token ?? '');
        if (!entry || entry.revoked || state.rejectRefresh) {
          return json(res, 400, {
            error: 'invalid_grant',
            error_description: 'The refresh token is invalid',
          });
        }
        refreshToken = form.refresh_token!;
        scope = entry.scope;
        // The previous access tokens of this grant stop working: the client must use the new one.
        for (const value of accessTokens.values())
          if (value.refreshToken === refreshToken) value.revoked = true;
      } else {
        return json(res, 400, { error: 'unsupported_grant_type' });
      }
      const accessToken = newKey('access_', 30);
      accessTokens.set(accessToken, { refreshToken, revoked: false });
      return json(res, 200, {
        access_token: accessToken,
        refresh_token: refreshToken,
        expires_in: state.accessTokenTtl,
        token_type: 'bearer',
        scope,
      });
    }

    const token = bearer(req);
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    apiRequests.push({ method: req.method ?? '', path: `${path}${requestUrl.search}`, body, token });
    const access = token ? accessTokens.get(token) : undefined;
    if (!access || access.revoked) {
      return mollieError(
        res,
        401,
        'Unauthorized Request',
        'Missing authentication, or failed to authenticate',
      );
    }

    if (req.method === 'GET' && path === '/v2/profiles') {
      return json(res, 200, {
        count: 1,
        _embedded: {
          profiles: [
            {
              resource: 'profile',
              id: 'pfl_fakeprofile',
              mode: 'test',
              name: 'Club de test',
              website: 'https://club.test',
              email: 'club@club.test',
              phone: '+32212345678',
              status: 'verified',
              createdAt: '2026-01-01T00:00:00+00:00',
              _links: { self: { href: `${apiUrl}profiles/pfl_fakeprofile`, type: 'application/hal+json' } },
            },
          ],
        },
        _links: {
          self: { href: `${apiUrl}profiles`, type: 'application/hal+json' },
          previous: null,
          next: null,
        },
      });
    }

    if (req.method === 'GET' && path === '/v2/onboarding/me') {
      return json(res, 200, {
        resource: 'onboarding',
        name: 'Club de test',
        signedUpAt: '2026-01-01T00:00:00+00:00',
        status: state.onboardingStatus,
        canReceivePayments: state.canReceivePayments,
        canReceiveSettlements: state.canReceivePayments,
        _links: {
          self: { href: `${apiUrl}onboarding/me`, type: 'application/hal+json' },
          dashboard: { href: `${url}/dashboard/onboarding`, type: 'text/html' },
        },
      });
    }

    if (req.method === 'POST' && path === '/v2/payments') {
      if (state.failPayments) {
        // Retry-After: 0 keeps the official client's retries (on 5xx) instant.
        res.setHeader('retry-after', '0');
        return mollieError(res, 503, 'Service Unavailable', 'Try again later');
      }
      const amount = body?.amount as { currency?: string; value?: unknown } | undefined;
      if (!amount || typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value)) {
        return mollieError(res, 422, 'Unprocessable Entity', 'The amount is invalid');
      }
      if (typeof body?.profileId !== 'string') {
        return mollieError(res, 422, 'Unprocessable Entity', 'The profile id is required with OAuth');
      }
      const payment: FakeMolliePayment = {
        id: newKey('tr_', 10),
        status: 'open',
        amount: { currency: String(amount.currency ?? 'EUR'), value: amount.value },
        description: String(body.description ?? ''),
        redirectUrl: String(body.redirectUrl ?? ''),
        webhookUrl: typeof body.webhookUrl === 'string' ? body.webhookUrl : null,
        metadata: body.metadata ?? null,
        profileId: body.profileId,
        locale: typeof body.locale === 'string' ? body.locale : null,
        accessToken: token!,
        refunds: [],
        createdAt: new Date().toISOString(),
      };
      payments.set(payment.id, payment);
      return json(res, 201, paymentJson(payment));
    }

    const one = /^\/v2\/payments\/(tr_[A-Za-z0-9]+)(\/refunds)?$/.exec(path);
    const payment = one ? payments.get(one[1]!) : undefined;
    if (one && !payment) return mollieError(res, 404, 'Not Found', 'No payment exists with this token');
    if (payment && req.method === 'GET' && !one![2]) return json(res, 200, paymentJson(payment));
    if (payment && req.method === 'POST' && one![2]) {
      const amount = body?.amount as { value?: unknown } | undefined;
      const refunded = payment.refunds.reduce((sum, r) => sum + Number(r.amount.value), 0);
      if (payment.status !== 'paid') {
        return mollieError(res, 422, 'Unprocessable Entity', 'The payment is not refundable');
      }
      if (
        typeof amount?.value !== 'string' ||
        Number(amount.value) + refunded > Number(payment.amount.value) + 1e-9
      ) {
        return mollieError(
          res,
          422,
          'Unprocessable Entity',
          'The amount is higher than the refundable amount',
        );
      }
      const refund = {
        id: newKey('re_', 10),
        amount: { currency: 'EUR', value: amount.value },
        description: String(body?.description ?? ''),
        status: 'pending',
      };
      payment.refunds.push(refund);
      if (state.webhookBeforeRefundAnswer) await sendWebhook(payment.id);
      return json(res, 201, {
        resource: 'refund',
        ...refund,
        paymentId: payment.id,
        createdAt: new Date().toISOString(),
        _links: {
          self: {
            href: `${apiUrl}payments/${payment.id}/refunds/${refund.id}`,
            type: 'application/hal+json',
          },
        },
      });
    }
    return mollieError(res, 404, 'Not Found', 'Unknown endpoint');
  }

  return {
    /** Pages a browser opens (authorize, checkout). */
    url,
    /** `MOLLIE_API_URL`. */
    apiUrl,
    /** `MOLLIE_AUTHORIZE_URL`. */
    authorizeUrl: `${url}/oauth2/authorize`,
    clientId,
    clientSecret,
    /** The environment an API needs to talk to this fake. */
    env: {
      MOLLIE_API_URL: apiUrl,
      MOLLIE_AUTHORIZE_URL: `${url}/oauth2/authorize`,
      MOLLIE_CLIENT_ID: clientId,
      MOLLIE_CLIENT_SECRET: clientSecret,
    } as Record<string, string>,
    payments,
    tokenRequests,
    authorizeRequests,
    apiRequests,
    webhookDeliveries,
    /** Changes a payment's status without calling the webhook. */
    setPaymentStatus(id: string, status: FakeMolliePaymentStatus) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`unknown payment ${id}`);
      payment.status = status;
    },
    /** Changes a payment's status and calls its webhook, as the checkout page's buttons do. */
    completePayment,
    /** Calls the webhook of a payment again (a replay). */
    sendWebhook,
    /** A refund made by the organisation on Mollie's dashboard, then the payment's webhook. */
    async refundFromDashboard(id: string, value: string) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`unknown payment ${id}`);
      payment.refunds.push({
        id: newKey('re_', 10),
        amount: { currency: 'EUR', value },
        description: 'Dashboard',
        status: 'refunded',
      });
      return sendWebhook(id);
    },
    setOnboarding(status: 'needs-data' | 'in-review' | 'completed', canReceivePayments: boolean) {
      state.onboardingStatus = status;
      state.canReceivePayments = canReceivePayments;
    },
    setRejectRefresh(reject: boolean) {
      state.rejectRefresh = reject;
    },
    setFailPayments(fail: boolean) {
      state.failPayments = fail;
    },
    setWebhookBeforeRefundAnswer(on: boolean) {
      state.webhookBeforeRefundAnswer = on;
    },
    setDeliver(deliver: Deliver) {
      state.deliver = deliver;
    },
    /** Whether a refresh token was revoked (disconnect). */
    isRevoked(refreshToken: string) {
      return refreshTokens.get(refreshToken)?.revoked ?? false;
    },
    refreshTokens,
    async close() {
      pages.closeAllConnections();
      api.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => pages.close(() => resolve())),
        new Promise<void>((resolve) => api.close(() => resolve())),
      ]);
      if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls;
    },
  };
}

export type FakeMollie = Awaited<ReturnType<typeof startFakeMollie>>;
