import { eq, sql } from 'drizzle-orm';
import { MONEY_LIMITS, NUMBER_LIMITS, TEXT_LIMITS } from '@inscrio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { organizations } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { pdfText } from './helpers/pdf-text';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Inputs past every limit (limits.ts): numbers above what their column holds, 2^53, huge strings, lone
 * surrogates, empty JSON bodies. Each answers 400 naming the field with a message, never 500, and
 * writes nothing; money totals past 2^31 cents are stored and printed whole.
 */

const ORG = 'org_demo';
let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  await t.db
    .update(organizations)
    .set({ iban: 'BE71096123456769', bic: 'GEBABEBB', billingCountry: 'BEL', vatRegime: 'subject' })
    .where(eq(organizations.id, ORG));
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  t.request(method, url, { token: manager, organizationId: ORG, body });

/** Rows of the tables a refused request could have written to. */
async function rowCounts(): Promise<Record<string, number>> {
  const [row] = rowsOf<Record<string, number>>(
    await t.db.execute(sql`select
      (select count(*) from blueprints) as blueprints,
      (select count(*) from blueprint_supplements) as supplements,
      (select count(*) from invoices) as invoices,
      (select count(*) from invoice_lines) as invoice_lines,
      (select count(*) from payments) as payments,
      (select count(*) from periods) as periods`),
  );
  return row!;
}

/** The 400 answer's message for `field`, which must be there. */
function messageFor(response: { statusCode: number; body: string }, field: string): string {
  expect(response.statusCode, response.body).toBe(400);
  const details = (JSON.parse(response.body) as { details: { field: string; message: string }[] }).details;
  const detail = details.find((d) => d.field === field);
  expect(detail, `no message for ${field} in ${response.body}`).toBeDefined();
  return detail!.message;
}

const ACTIVITY = {
  name: 'Natation',
  duration: 60,
  price: 1_000,
  taxPercentage: 0,
  maxSeats: 10,
  colorCode: '#1E90FF',
  locationType: 'physical',
  location: 'Bassin',
};

describe('numbers past their maximum', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['price', { price: 2 ** 53 }, 'price', /ne peut pas dépasser 1.000.000,00/],
    ['price', { price: MONEY_LIMITS.lineCents + 1 }, 'price', /ne peut pas dépasser/],
    ['duration', { duration: 2 ** 31 }, 'duration', /ne peut pas dépasser 43200/],
    ['taxPercentage', { taxPercentage: 10_001 }, 'taxPercentage', /ne peut pas dépasser 100 %/],
    ['maxSeats', { maxSeats: NUMBER_LIMITS.seats + 1 }, 'maxSeats', /ne peut pas dépasser 100000/],
    ['minAge', { minAge: 2 ** 53, maxAge: null }, 'minAge', /ne peut pas dépasser 1200/],
    ['maxAge', { maxAge: NUMBER_LIMITS.ageMonths + 1 }, 'maxAge', /ne peut pas dépasser 1200/],
    [
      'a supplement age',
      { supplements: [{ name: 'Bonnet', price: 100, minAge: 2 ** 40 }] },
      'supplements.0.minAge',
      /ne peut pas dépasser 1200/,
    ],
    [
      'a supplement price',
      { supplements: [{ name: 'Bonnet', price: 2 ** 53 }] },
      'supplements.0.price',
      /ne peut pas dépasser/,
    ],
  ];
  for (const [name, body, field, text] of cases) {
    it(`refuses an activity's ${name} past its maximum, writing nothing`, async () => {
      const before = await rowCounts();
      expect(messageFor(await call('POST', '/api/blueprints', { ...ACTIVITY, ...body }), field)).toMatch(
        text,
      );
      expect(await rowCounts()).toEqual(before);
    });
  }

  it('refuses the same on an update', async () => {
    const created = await call('POST', '/api/blueprints', ACTIVITY);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(messageFor(await call('PATCH', `/api/blueprints/${id}`, { price: 2 ** 53 }), 'price')).toMatch(
      /ne peut pas dépasser/,
    );
    expect((await call('GET', `/api/blueprints/${id}`)).json().price).toBe(1_000);
  });

  it('refuses a planning shift and an offline payment of 2^53', async () => {
    const before = await rowCounts();
    const shift = await t.request('GET', '/api/periods/per_q_autumn/plan-next', {
      token: manager,
      organizationId: ORG,
      query: { weeks: String(2 ** 53) },
    });
    expect(messageFor(shift, 'weeks')).toBe('La valeur ne peut pas dépasser 104');
    const payment = await call('POST', '/api/orders/ord_unknown/payments/offline', { amount: 2 ** 53 });
    expect(messageFor(payment, 'amount')).toMatch(/ne peut pas dépasser 1.000.000.000,00/);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('money totals past 2^31 cents', () => {
  const company = {
    name: 'ACME SPRL',
    vatNumber: 'BE0428759497',
    address: 'Avenue Louise 10',
    city: 'Bruxelles',
    postalCode: '1050',
    country: 'BEL',
  };
  const line = (quantity: number, unitPrice: number) => ({
    description: 'Location de la salle',
    quantity,
    unitPrice,
    taxPercentage: 2_100,
  });

  it('refuses a free invoice line of 10,000 × 1,000,000.00 €, with its message, writing nothing', async () => {
    const before = await rowCounts();
    const response = await call('POST', '/api/invoices', {
      company,
      lines: [line(10_000, MONEY_LIMITS.lineCents)],
    });
    expect(messageFor(response, 'lines.0.quantity')).toBe('Le montant ne peut pas dépasser 1 000 000,00 €');
    expect(await rowCounts()).toEqual(before);
  });

  it('stores, lists, sums and prints a free invoice of 30 lines of 1,000,000.00 €', async () => {
    const response = await call('POST', '/api/invoices', {
      company,
      lines: Array.from({ length: 30 }, () => line(1, MONEY_LIMITS.lineCents)),
    });
    expect(response.statusCode, response.body).toBe(201);
    const invoice = response.json();
    expect(invoice.totalAmount).toBe(3_000_000_000);

    const read = (await call('GET', `/api/invoices/${invoice.id}`)).json();
    expect(read).toMatchObject({ totalAmount: 3_000_000_000, balance: 3_000_000_000 });
    const list = (
      await t.request('GET', '/api/invoices', {
        token: manager,
        organizationId: ORG,
        query: { q: 'ACME' },
      })
    ).json();
    expect(list.totals.byStatus.find((s: { status: string }) => s.status === 'pending').amount).toBe(
      3_000_000_000,
    );
    const pdf = await call('GET', `/api/invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('Total TTC 30 000 000,00 €');
  });
});

describe('texts past their maximum length', () => {
  it('refuses a 100,000-character activity name with the maximum in the message, writing nothing', async () => {
    const before = await rowCounts();
    const response = await call('POST', '/api/blueprints', { ...ACTIVITY, name: 'N'.repeat(100_000) });
    expect(messageFor(response, 'name')).toBe(
      `Ce champ doit contenir au plus ${TEXT_LIMITS.name} caractères`,
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('accepts a name of exactly the maximum length', async () => {
    const response = await call('POST', '/api/blueprints', {
      ...ACTIVITY,
      name: 'N'.repeat(TEXT_LIMITS.name),
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('answers in English too', async () => {
    const response = await t.request('POST', '/api/blueprints', {
      token: manager,
      organizationId: ORG,
      headers: { 'accept-language': 'en' },
      body: { ...ACTIVITY, description: 'd'.repeat(TEXT_LIMITS.description + 1) },
    });
    expect(messageFor(response, 'description')).toBe(
      `This field must contain at most ${TEXT_LIMITS.description} characters`,
    );
  });

  it('refuses a sign-up with a 100,000-character last name and password', async () => {
    const response = await t.request('POST', '/api/auth/sign-up', {
      body: { lastName: 'L'.repeat(100_000), password: `Aa1${'p'.repeat(100_000)}` },
    });
    expect(messageFor(response, 'lastName')).toMatch(/au plus 100 caractères/);
    expect(messageFor(response, 'password')).toMatch(/au plus 256 caractères/);
  });
});

describe('text that is not well-formed Unicode', () => {
  const FORBIDDEN = 'Cette valeur contient des caractères non autorisés';

  it('refuses a lone surrogate headed for jsonb (an invoice buyer) with 400, writing nothing', async () => {
    const before = await rowCounts();
    // Written by hand: JSON.stringify would keep the escape, but some clients send it raw.
    const payload = `{"company":{"name":"ACME \\ud800","vatNumber":"BE0428759497","address":"Avenue Louise 10",
      "city":"Bruxelles","postalCode":"1050","country":"BEL"},
      "lines":[{"description":"Salle","quantity":1,"unitPrice":100,"taxPercentage":0}]}`;
    const response = await t.request('POST', '/api/invoices', {
      token: manager,
      organizationId: ORG,
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(messageFor(response, 'company.name')).toBe(FORBIDDEN);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses one in a text column, in an object key, and in a query string', async () => {
    expect(
      messageFor(await call('POST', '/api/blueprints', { ...ACTIVITY, name: 'Nage \udfff' }), 'name'),
    ).toBe(FORBIDDEN);
    expect(messageFor(await call('POST', '/api/blueprints', { ...ACTIVITY, ['\ud83d']: 1 }), '\ud83d')).toBe(
      FORBIDDEN,
    );
    // A query string cannot carry one: its UTF-8 escape (%ED%A0%80) is malformed, and the parser keeps
    // the escape as typed rather than decoding it into a surrogate.
    const search = await call('GET', '/api/blueprints?q=nage%ED%A0%80');
    expect(search.statusCode).toBe(200);
    // A pair (an emoji) is well-formed and accepted.
    expect((await call('POST', '/api/blueprints', { ...ACTIVITY, name: 'Nage 🏊' })).statusCode).toBe(201);
  });
});

describe('requests without a body', () => {
  it('accepts an empty body sent as application/json where the route takes none', async () => {
    const created = (await call('POST', '/api/blueprints', ACTIVITY)).json();
    for (const [method, url] of [
      ['POST', `/api/blueprints/${created.id}/archive`],
      ['POST', `/api/blueprints/${created.id}/unarchive`],
      ['DELETE', `/api/blueprints/${created.id}`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: {
          host: 'demo.localhost:3000',
          authorization: `Bearer ${manager}`,
          'x-organization-id': ORG,
          'content-type': 'application/json',
        },
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    }
  });

  it('still asks for the body of a route that needs one, naming it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/invoices',
      headers: {
        host: 'demo.localhost:3000',
        authorization: `Bearer ${manager}`,
        'x-organization-id': ORG,
        'content-type': 'application/json',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed' });
    expect(response.body).not.toContain('Body cannot be empty');
  });

  it('answers a CORS preflight without Origin with the JSON error', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/blueprints',
      headers: { host: 'demo.localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'validation_failed',
      details: [{ field: 'origin', rule: 'required' }],
    });
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/blueprints',
      headers: {
        host: 'demo.localhost:3000',
        origin: 'http://demo.localhost:3000',
        'access-control-request-method': 'POST',
      },
    });
    expect(allowed.statusCode).toBe(204);
  });
});
