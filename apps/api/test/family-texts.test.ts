import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, participants } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createActivity, createFamilies, createPeriod } from './helpers/order-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * What families are told (issue 13): the activity page agrees with its catalogue card, activities open on
 * request only can be asked for, and refusals say where a member already stands, in the member's gender.
 */

const ORG = 'org_demo';

let t: TestApp;
let parent: string;
let manager: string;
let lea: string;
let tom: string;

beforeAll(async () => {
  // Written then read at once: the shared catalogue page cache is off.
  t = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '0' } });
  parent = (await t.signIn(DEMO_ACCOUNTS.parent)).accessToken;
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  const children = await t.db
    .select({ id: members.id, firstName: members.firstName })
    .from(members)
    .where(and(eq(members.organizationId, ORG), inArray(members.firstName, ['Léa', 'Tom'])));
  lea = children.find((c) => c.firstName === 'Léa')!.id;
  tom = children.find((c) => c.firstName === 'Tom')!.id;
});
afterAll(() => t.close());

const call = (
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { body?: unknown; query?: Record<string, string>; locale?: 'fr' | 'en' } = {},
) =>
  t.request(method, url, {
    token,
    organizationId: ORG,
    body: options.body,
    query: options.query,
    headers: options.locale ? { 'accept-language': options.locale } : {},
  });

async function add(token: string, body: Record<string, unknown>, locale?: 'fr' | 'en') {
  const r = await call(token, 'POST', '/api/cart/items', { body, locale });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as {
    added: { participantId: string }[];
    refused: { reason: string; message: string; memberId: string }[];
  };
}

async function clearCart(token: string) {
  const cart = (await call(token, 'GET', '/api/cart')).json() as { items: { participantId: string }[] };
  for (const item of cart.items) await call(token, 'DELETE', `/api/cart/items/${item.participantId}`);
}

async function card(name: string) {
  const r = await call(parent, 'GET', '/api/catalog/blueprints', { query: { q: name } });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { items: { id: string; visibility: string; nextSessions: { id: string }[] }[] })
    .items[0]!;
}

describe('the activity page and its catalogue card', () => {
  it('lists the sessions the card lists, and says when registrations open (dd/MM/yyyy, organisation zone)', async () => {
    // The period opens on 6 September 2027 at 00:30 in Brussels (still the 5th in UTC).
    const periodId = await createPeriod(t.db, { registrationOpensAt: new Date('2027-09-05T22:30:00Z') });
    const { blueprintId, serviceIds } = await createActivity(t.db, {
      name: 'Natation automne 2027',
      sessions: [
        { start: new Date('2027-11-06T09:00:00Z'), periodId },
        { start: new Date('2027-11-13T09:00:00Z'), periodId },
      ],
    });
    const item = await card('Natation automne 2027');
    expect(item.nextSessions.map((s) => s.id)).toEqual(serviceIds);

    const detail = (await call(parent, 'GET', `/api/catalog/blueprints/${blueprintId}`)).json();
    expect(detail.sessions.map((s: { id: string }) => s.id)).toEqual(serviceIds);
    expect(detail.registration).toEqual({
      open: false,
      message: 'Inscriptions ouvertes le 06/09/2027.',
      opensAt: '2027-09-05T22:30:00.000Z',
    });
    const en = (await call(parent, 'GET', `/api/catalog/blueprints/${blueprintId}`, { locale: 'en' })).json();
    expect(en.registration.message).toBe('Registration opens on 06/09/2027.');
  });

  it('opens registration for sessions far ahead without a period, and says when nothing is scheduled', async () => {
    const far = await createActivity(t.db, {
      name: 'Escrime lointaine',
      sessions: [{ start: new Date(Date.now() + 200 * 86_400_000) }],
    });
    const detail = (await call(parent, 'GET', `/api/catalog/blueprints/${far.blueprintId}`)).json();
    expect(detail.sessions).toHaveLength(1);
    expect(detail.registration).toEqual({ open: true, message: null, opensAt: null });

    const none = await createActivity(t.db, { name: 'Escrime vide', sessions: [] });
    const empty = (await call(parent, 'GET', `/api/catalog/blueprints/${none.blueprintId}`)).json();
    expect(empty.sessions).toEqual([]);
    expect(empty.registration.message).toBe("Aucune séance n'est programmée pour le moment.");
  });
});

describe('activities open on request only (protected)', () => {
  it('are asked for from their page: the managers see it « A traiter », the family sees it pending', async () => {
    const { blueprintId, serviceIds } = await createActivity(t.db, {
      name: 'Plongée sur demande',
      visibility: 'protected',
      sessions: [{ start: new Date('2030-03-02T09:00:00Z') }, { start: new Date('2030-03-09T09:00:00Z') }],
    });
    expect((await card('Plongée sur demande')).visibility).toBe('protected');
    const detail = (await call(parent, 'GET', `/api/catalog/blueprints/${blueprintId}`)).json();
    expect(detail.sessions).toHaveLength(2);
    expect(detail.registration).toEqual({
      open: false,
      message: "Inscription sur demande auprès de l'organisation.",
      opensAt: null,
    });

    const asked = await call(parent, 'POST', '/api/registrations/requests', {
      body: { serviceId: serviceIds[0], memberId: lea, reason: 'visibility', note: 'Elle nage bien.' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ status: 'needs-review', reviewReason: 'visibility' });

    const queue = (await call(manager, 'GET', '/api/reviews', { query: { pageSize: '100' } })).json() as {
      items: { id: string; reviewReason: string; reviewNote: string }[];
    };
    expect(queue.items.find((i) => i.id === asked.json().id)).toMatchObject({
      reviewReason: 'visibility',
      reviewNote: 'Elle nage bien.',
    });

    const mine = await call(parent, 'GET', '/api/me/registrations', { query: { blueprintId } });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().items).toMatchObject([
      { id: asked.json().id, status: 'needs-review', member: { id: lea }, service: { id: serviceIds[0] } },
    ]);
    const other = await createActivity(t.db, {
      name: 'Autre',
      sessions: [{ start: new Date('2030-03-02T12:00:00Z') }],
    });
    const none = await call(parent, 'GET', '/api/me/registrations', {
      query: { blueprintId: other.blueprintId },
    });
    expect(none.json().items).toEqual([]);
  });
});

describe('refusal texts', () => {
  it('say a session only in the cart is in the cart, in both languages', async () => {
    const a = await createActivity(t.db, {
      name: 'Judo',
      sessions: [{ start: new Date('2030-05-06T14:00:00Z') }],
    });
    const b = await createActivity(t.db, {
      name: 'Piano',
      sessions: [{ start: new Date('2030-05-06T14:30:00Z') }],
    });
    expect(
      (await add(parent, { blueprintId: a.blueprintId, serviceIds: a.serviceIds, memberIds: [lea] })).added,
    ).toHaveLength(1);
    let r = await add(parent, { blueprintId: a.blueprintId, serviceIds: a.serviceIds, memberIds: [lea] });
    expect(r.refused[0]).toMatchObject({
      reason: 'already-registered',
      message: 'Léa a déjà cette séance dans son panier (Judo du 06/05/2030 16:00).',
    });
    r = await add(parent, { blueprintId: a.blueprintId, serviceIds: a.serviceIds, memberIds: [lea] }, 'en');
    expect(r.refused[0]!.message).toBe(
      'Léa already has this session in the cart (Judo of 06/05/2030 16:00).',
    );
    r = await add(parent, { blueprintId: b.blueprintId, serviceIds: b.serviceIds, memberIds: [lea] });
    expect(r.refused[0]).toMatchObject({
      reason: 'overlap',
      message: 'Léa a déjà dans son panier une autre séance au même moment (Judo — 06/05/2030 16:00).',
    });
    await clearCart(parent);
  });

  it('agree with the member’s gender once registered: inscrite, inscrit, inscrit(e) when unknown', async () => {
    const a = await createActivity(t.db, {
      name: 'Voile',
      sessions: [{ start: new Date('2030-06-06T14:00:00Z') }],
    });
    const [family] = await createFamilies(t.app.ctx, 1);
    expect(
      (await add(parent, { blueprintId: a.blueprintId, serviceIds: a.serviceIds, memberIds: [lea, tom] }))
        .added,
    ).toHaveLength(2);
    expect(
      (
        await add(family!.token, {
          blueprintId: a.blueprintId,
          serviceIds: a.serviceIds,
          memberIds: [family!.childId],
        })
      ).added,
    ).toHaveLength(1);
    // Ordered and paid: no longer in a cart.
    await t.db
      .update(participants)
      .set({ status: 'confirmed', cartLinked: false, holdExpiresAt: null })
      .where(inArray(participants.serviceId, a.serviceIds));

    const r = await add(parent, {
      blueprintId: a.blueprintId,
      serviceIds: a.serviceIds,
      memberIds: [lea, tom],
    });
    expect(r.refused.map((x) => x.message)).toEqual([
      'Léa est déjà inscrite à la séance Voile du 06/06/2030 16:00.',
      'Tom est déjà inscrit à la séance Voile du 06/06/2030 16:00.',
    ]);
    const other = await add(family!.token, {
      blueprintId: a.blueprintId,
      serviceIds: a.serviceIds,
      memberIds: [family!.childId],
    });
    expect(other.refused[0]!.message).toMatch(
      /^.+ est déjà inscrit\(e\) à la séance Voile du 06\/06\/2030 16:00\.$/,
    );
    const en = await add(
      parent,
      { blueprintId: a.blueprintId, serviceIds: a.serviceIds, memberIds: [lea] },
      'en',
    );
    expect(en.refused[0]!.message).toBe(
      'Léa is already registered to the Voile session of 06/06/2030 16:00.',
    );

    // A request still waiting for the managers is named as such.
    await t.db
      .update(participants)
      .set({ status: 'needs-review', holdsSeat: false, reviewReason: 'age' })
      .where(and(inArray(participants.serviceId, a.serviceIds), eq(participants.memberId, lea)));
    const waiting = await add(parent, {
      blueprintId: a.blueprintId,
      serviceIds: a.serviceIds,
      memberIds: [lea],
    });
    expect(waiting.refused[0]!.message).toBe(
      'Une demande pour Léa est déjà en attente pour la séance Voile du 06/06/2030 16:00.',
    );
  });
});
