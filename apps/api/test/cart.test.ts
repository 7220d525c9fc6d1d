import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  establishments,
  members,
  organizations,
  orderLines,
  participants,
  services,
} from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { releaseExpiredHolds } from '../src/modules/registrations/holds.job';
import { isValidBelgianReference, isValidRfReference } from '../src/lib/transfer/references';
import { createActivity, createFamilies, createPeriod, signAgain } from './helpers/order-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

const ORG = 'org_demo';
const DAY = 86_400_000;
const MINUTE = 60_000;
const IBAN = 'BE71096123456769';

let t: TestApp;
let parent: string;
let lea: string;
let tom: string;

/** A future instant at a round hour, `days` from now. */
const inDays = (days: number, hourUtc = 9) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d;
};

beforeAll(async () => {
  t = await createTestApp();
  parent = (await t.signIn(DEMO_ACCOUNTS.parent)).accessToken;
  const children = await t.db
    .select({ id: members.id, firstName: members.firstName, familyId: members.familyId })
    .from(members)
    .where(and(eq(members.organizationId, ORG), inArray(members.firstName, ['Léa', 'Tom'])));
  lea = children.find((c) => c.firstName === 'Léa')!.id;
  tom = children.find((c) => c.firstName === 'Tom')!.id;
  await t.db
    .update(organizations)
    .set({ iban: IBAN, bic: 'GEBABEBB', billingCountry: 'BEL' })
    .where(eq(organizations.id, ORG));
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, headers = {}) =>
  t.request(method, url, { token, organizationId: ORG, body, headers });

async function add(token: string, body: Body, headers = {}) {
  const r = await call(token, 'POST', '/api/cart/items', body, headers);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as {
    added: {
      participantId: string;
      totalAmount: number;
      taxAmount: number;
      supplements: { name: string }[];
    }[];
    refused: {
      serviceId: string;
      memberId: string;
      reason: string;
      message: string;
      canRequest: string | null;
    }[];
    cart: { items: { participantId: string }[]; totalAmount: number; holdExpiresAt: string | null };
  };
}

async function clearCart(token: string) {
  const cart = (await call(token, 'GET', '/api/cart')).json() as { items: { participantId: string }[] };
  for (const item of cart.items) await call(token, 'DELETE', `/api/cart/items/${item.participantId}`);
}

const seats = async (serviceId: string) =>
  (await t.db.select({ n: services.reservedSeats }).from(services).where(eq(services.id, serviceId)))[0]!.n;

describe('adding to the cart', () => {
  it('reserves a seat per (session, member), priced with age-bracket and chosen supplements and VAT', async () => {
    const { blueprintId, serviceIds, supplementIds } = await createActivity(t.db, {
      name: 'Escalade',
      price: 12000,
      taxPercentage: 600,
      supplements: [
        { name: 'Matériel', price: 1500, minAge: 96, maxAge: 144 },
        { name: 'Petits', price: 500, minAge: 0, maxAge: 95 },
        { name: 'T-shirt', price: 800 },
      ],
      sessions: [{ start: inDays(20) }, { start: inDays(27) }],
    });
    const result = await add(parent, {
      blueprintId,
      serviceIds,
      memberIds: [lea, tom],
      supplementIds: [supplementIds[2]],
    });
    expect(result.refused).toEqual([]);
    expect(result.added).toHaveLength(4);
    // Léa (10 years): Matériel + T-shirt; Tom (7 years): Petits + T-shirt. Supplements are charged once
    // per participant, activity and period by default: on the first session of each child only.
    const leaLine = result.added[0]!;
    expect(leaLine.supplements.map((s) => s.name)).toEqual(['Matériel', 'T-shirt']);
    expect(leaLine.totalAmount).toBe(12000 + 1500 + 800);
    // The VAT included in each part: 12000 → 679, 1500 → 85, 800 → 45.
    expect(leaLine.taxAmount).toBe(679 + 85 + 45);
    expect(result.added[1]!.supplements.map((s) => s.name)).toEqual(['Petits', 'T-shirt']);
    expect(result.added[1]!.totalAmount).toBe(13300);
    expect(result.added[2]!.supplements).toEqual([]);
    expect(result.added[3]!.totalAmount).toBe(12000);
    expect(result.cart.items).toHaveLength(4);
    expect(result.cart.totalAmount).toBe(14300 + 13300 + 2 * 12000);
    const hold = new Date(result.cart.holdExpiresAt!).getTime();
    expect(hold - Date.now()).toBeGreaterThan(19 * MINUTE);
    expect(hold - Date.now()).toBeLessThanOrEqual(20 * MINUTE);
    expect(await seats(serviceIds[0]!)).toBe(2);
    const rows = await t.db.select().from(participants).where(eq(participants.serviceId, serviceIds[0]!));
    expect(rows.every((p) => p.status === 'reserved' && p.cartLinked && p.holdsSeat)).toBe(true);

    const cart = (await call(parent, 'GET', '/api/cart')).json();
    expect(cart.paymentProviders).toEqual(['offline']);
    expect(cart.items[0]).toMatchObject({
      member: { id: lea, firstName: 'Léa' },
      service: { blueprintName: 'Escalade', blueprintId },
      unitPrice: 12000,
      taxPercentage: 600,
    });
    await clearCart(parent);
    expect(await seats(serviceIds[0]!)).toBe(0);
  });

  it('adds every upcoming session of a period at once', async () => {
    const periodId = await createPeriod(t.db, {});
    const { blueprintId, serviceIds } = await createActivity(t.db, {
      sessions: [
        { start: inDays(-2), periodId },
        { start: inDays(10), periodId },
        { start: inDays(17), periodId },
        { start: inDays(24), periodId, status: 'cancelled' },
        { start: inDays(31) },
      ],
    });
    const result = await add(parent, { blueprintId, periodId, memberIds: [lea] });
    expect(result.refused).toEqual([]);
    expect(result.cart.items).toHaveLength(2);
    expect(await seats(serviceIds[1]!)).toBe(1);
    expect(await seats(serviceIds[2]!)).toBe(1);
    await clearCart(parent);
  });

  describe('refusals, each with its message', () => {
    it('too young and too old, with the age rule, and an age exception may be asked', async () => {
      const young = await createActivity(t.db, { minAge: 96, sessions: [{ start: inDays(15) }] });
      let r = await add(parent, {
        blueprintId: young.blueprintId,
        serviceIds: young.serviceIds,
        memberIds: [tom],
      });
      expect(r.refused).toEqual([
        {
          serviceId: young.serviceIds[0],
          memberId: tom,
          reason: 'too-young',
          message: "Tom n'a pas l'âge requis pour cette activité (à partir de 8 ans).",
          canRequest: 'age',
        },
      ]);
      const old = await createActivity(t.db, { minAge: 36, maxAge: 108, sessions: [{ start: inDays(15) }] });
      r = await add(parent, {
        blueprintId: old.blueprintId,
        serviceIds: old.serviceIds,
        memberIds: [lea, tom],
      });
      expect(r.refused).toMatchObject([
        {
          memberId: lea,
          reason: 'too-old',
          message: "Léa n'a pas l'âge requis pour cette activité (entre 3 ans et 9 ans).",
          canRequest: 'age',
        },
      ]);
      expect(r.added).toHaveLength(1);
      // In English when the browser asks for it.
      r = await add(
        parent,
        { blueprintId: young.blueprintId, serviceIds: young.serviceIds, memberIds: [tom] },
        { 'accept-language': 'en' },
      );
      expect(r.refused[0]!.message).toBe(
        'Tom does not meet the age required for this activity (from 8 years).',
      );
      await clearCart(parent);
    });

    it('« 6-12 ans » admits a child until the day before their 13th birthday; « 6-8 ans » includes 8-year-olds', async () => {
      const start = inDays(15);
      // The session's date (09:00 UTC is the same day in Brussels) moved by whole years and days.
      const before = (years: number, days: number, months = 0) =>
        new Date(
          Date.UTC(start.getUTCFullYear() - years, start.getUTCMonth() - months, start.getUTCDate() - days),
        )
          .toISOString()
          .slice(0, 10);
      const [family] = await t.db
        .select({ familyId: members.familyId })
        .from(members)
        .where(and(eq(members.organizationId, ORG), eq(members.id, lea)));
      const children = {
        twelve: { firstName: 'Douze', birthdate: before(12, 1) }, // turned 12 the day before
        almost13: { firstName: 'Presque', birthdate: before(13, -1) }, // 13 the day after
        thirteen: { firstName: 'Treize', birthdate: before(13, 0) }, // 13 that day
        eight: { firstName: 'Huit', birthdate: before(8, 0, 5) }, // 8 years and 5 months
        nine: { firstName: 'Neuf', birthdate: before(9, 0) }, // 9 that day
      };
      const ids = Object.fromEntries(Object.keys(children).map((key) => [key, `mbr_age_${key}`]));
      await t.db.insert(members).values(
        Object.entries(children).map(([key, child]) => ({
          organizationId: ORG,
          id: ids[key]!,
          familyId: family!.familyId,
          lastName: 'Martin',
          ...child,
        })),
      );
      const football = await createActivity(t.db, {
        name: 'Football 6-12 ans',
        minAge: 72,
        maxAge: 144,
        supplements: [{ name: 'Matériel (6-8 ans)', price: 800, minAge: 72, maxAge: 96 }],
        sessions: [{ start }],
      });
      const r = await add(parent, {
        blueprintId: football.blueprintId,
        serviceIds: football.serviceIds,
        memberIds: Object.values(ids),
      });
      expect(r.refused).toEqual([
        {
          serviceId: football.serviceIds[0],
          memberId: ids.thirteen,
          reason: 'too-old',
          message: "Treize n'a pas l'âge requis pour cette activité (entre 6 ans et 12 ans).",
          canRequest: 'age',
        },
      ]);
      expect(r.added).toHaveLength(4);
      const cart = (await call(parent, 'GET', '/api/cart')).json() as {
        items: { member: { id: string }; supplements: { name: string }[]; totalAmount: number }[];
      };
      const line = (key: string) => cart.items.find((i) => i.member.id === ids[key])!;
      expect(line('eight').supplements.map((s) => s.name)).toEqual(['Matériel (6-8 ans)']);
      expect(line('eight').totalAmount).toBe(1800);
      expect(line('nine').supplements).toEqual([]);
      expect(line('twelve').supplements).toEqual([]);
      expect(line('almost13').totalAmount).toBe(1000);
      await clearCart(parent);
      await t.database.query('delete from participants where member_id = any($1)', [Object.values(ids)]);
      await t.database.query('delete from members where id = any($1)', [Object.values(ids)]);
    });

    it('private and protected activities: registration on request; hidden ones are not found', async () => {
      for (const visibility of ['private', 'protected'] as const) {
        const a = await createActivity(t.db, { visibility, sessions: [{ start: inDays(15) }] });
        const r = await add(parent, {
          blueprintId: a.blueprintId,
          serviceIds: a.serviceIds,
          memberIds: [lea],
        });
        expect(r.refused).toMatchObject([
          {
            reason: 'self-registration-closed',
            message: "Inscription sur demande auprès de l'organisation.",
            canRequest: 'visibility',
          },
        ]);
      }
      const hidden = await createActivity(t.db, { visibility: 'hidden', sessions: [{ start: inDays(15) }] });
      const r = await add(parent, {
        blueprintId: hidden.blueprintId,
        serviceIds: hidden.serviceIds,
        memberIds: [lea],
      });
      expect(r.refused).toMatchObject([
        { reason: 'not-found', message: 'Cette séance ou ce membre est introuvable.', canRequest: null },
      ]);
    });

    it('unknown session, another family’s member, another organisation’s session: not found', async () => {
      const a = await createActivity(t.db, { sessions: [{ start: inDays(15) }] });
      const [other] = await createFamilies(t.app.ctx, 1);
      await t.db.insert(organizations).values({ id: 'org_autre', key: 'autre', name: 'Autre club' });
      await t.db
        .insert(establishments)
        .values({ organizationId: 'org_autre', id: 'est_default', name: 'Salle' });
      const foreign = await createActivity(t.db, {
        organizationId: 'org_autre',
        sessions: [{ start: inDays(15) }],
      });
      const r = await add(parent, {
        blueprintId: a.blueprintId,
        serviceIds: [a.serviceIds[0], 'svc_inconnu'],
        memberIds: [other!.childId],
      });
      expect(r.refused.map((x) => x.reason)).toEqual(['not-found', 'not-found']);
      expect(r.added).toEqual([]);
      const f = await add(parent, {
        blueprintId: foreign.blueprintId,
        serviceIds: foreign.serviceIds,
        memberIds: [lea],
      });
      expect(f.refused).toMatchObject([{ reason: 'not-found' }]);
      expect(await seats(foreign.serviceIds[0]!)).toBe(0);
    });

    it('cancelled and past sessions', async () => {
      const a = await createActivity(t.db, {
        name: 'Judo',
        sessions: [{ start: new Date('2030-03-14T09:00:00Z'), status: 'cancelled' }, { start: inDays(-1) }],
      });
      const r = await add(parent, { blueprintId: a.blueprintId, serviceIds: a.serviceIds, memberIds: [lea] });
      expect(r.refused).toMatchObject([
        { reason: 'session-unavailable', message: 'La séance Judo du 14/03/2030 10:00 est annulée.' },
        {
          reason: 'session-past',
          message: expect.stringMatching(/^La séance Judo du .* a déjà commencé\.$/),
        },
      ]);
    });

    it('registrations not open yet: the opening date and time in the organisation’s zone', async () => {
      const periodId = await createPeriod(t.db, { registrationOpensAt: new Date('2030-01-15T07:30:00Z') });
      const a = await createActivity(t.db, {
        sessions: [{ start: new Date('2030-02-01T09:00:00Z'), periodId }],
      });
      const r = await add(parent, { blueprintId: a.blueprintId, serviceIds: a.serviceIds, memberIds: [lea] });
      expect(r.refused).toMatchObject([
        {
          reason: 'not-open-yet',
          message: 'Les inscriptions ouvrent le 15/01/2030 à 08:30.',
          canRequest: null,
        },
      ]);
      const detail = await call(parent, 'GET', `/api/catalog/blueprints/${a.blueprintId}`);
      expect(detail.json().registration).toBeDefined();
    });

    it('already registered and overlapping sessions', async () => {
      const a = await createActivity(t.db, {
        name: 'Tennis',
        sessions: [{ start: new Date('2030-05-06T14:00:00Z') }],
      });
      const b = await createActivity(t.db, {
        name: 'Piano',
        sessions: [{ start: new Date('2030-05-06T14:30:00Z') }, { start: new Date('2030-05-06T15:00:00Z') }],
      });
      expect(
        (await add(parent, { blueprintId: a.blueprintId, serviceIds: a.serviceIds, memberIds: [lea] })).added,
      ).toHaveLength(1);
      let r = await add(parent, { blueprintId: a.blueprintId, serviceIds: a.serviceIds, memberIds: [lea] });
      expect(r.refused).toMatchObject([
        {
          reason: 'already-registered',
          message: 'Léa a déjà cette séance dans son panier (Tennis du 06/05/2030 16:00).',
        },
      ]);
      r = await add(parent, { blueprintId: b.blueprintId, serviceIds: b.serviceIds, memberIds: [lea] });
      // 14:30 overlaps 14:00–15:00; 15:00 starts when Tennis ends.
      expect(r.refused).toMatchObject([
        {
          serviceId: b.serviceIds[0],
          reason: 'overlap',
          message: 'Léa a déjà dans son panier une autre séance au même moment (Tennis — 06/05/2030 16:00).',
        },
      ]);
      expect(r.added).toHaveLength(1);
      await clearCart(parent);
    });

    it('full session: the waiting list may be asked', async () => {
      const a = await createActivity(t.db, {
        name: 'Danse',
        maxSeats: 1,
        sessions: [{ start: new Date('2030-06-01T08:00:00Z') }],
      });
      const [other] = await createFamilies(t.app.ctx, 1);
      expect(
        (
          await add(other!.token, {
            blueprintId: a.blueprintId,
            serviceIds: a.serviceIds,
            memberIds: [other!.childId],
          })
        ).added,
      ).toHaveLength(1);
      const r = await add(parent, { blueprintId: a.blueprintId, serviceIds: a.serviceIds, memberIds: [lea] });
      expect(r.refused).toEqual([
        {
          serviceId: a.serviceIds[0],
          memberId: lea,
          reason: 'full',
          message: 'La séance Danse du 01/06/2030 10:00 est complète.',
          canRequest: 'waiting-list',
        },
      ]);
      expect(await seats(a.serviceIds[0]!)).toBe(1);
    });

    it('conditions not accepted', async () => {
      const a = await createActivity(t.db, { sessions: [{ start: inDays(15) }] });
      const [family] = await createFamilies(t.app.ctx, 1);
      await t.db.update(organizations).set({ roiPublishedAt: new Date() }).where(eq(organizations.id, ORG));
      try {
        const r = await add(family!.token, {
          blueprintId: a.blueprintId,
          serviceIds: a.serviceIds,
          memberIds: [family!.childId],
        });
        expect(r.refused).toMatchObject([
          {
            reason: 'conditions-not-accepted',
            message:
              "Vous devez accepter le règlement d'ordre intérieur de l'organisation avant d'inscrire un membre.",
          },
        ]);
        expect(await seats(a.serviceIds[0]!)).toBe(0);
      } finally {
        await t.db.update(organizations).set({ roiPublishedAt: null }).where(eq(organizations.id, ORG));
      }
    });
  });

  it('bad input is a 400 with French messages', async () => {
    for (const body of [
      {},
      { blueprintId: 'bp_x', memberIds: [lea] },
      { blueprintId: 'bp_x', serviceIds: [], memberIds: [lea] },
      { blueprintId: 'bp_x', serviceIds: ['svc_x'], memberIds: 'lea' },
      {
        blueprintId: 'bp_x',
        serviceIds: Array.from({ length: 201 }, (_, i) => `svc_${i}`),
        memberIds: [lea],
      },
    ]) {
      const r = await call(parent, 'POST', '/api/cart/items', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().message).toBe('Les données fournies sont invalides.');
    }
    expect((await call(parent, 'DELETE', `/api/cart/items/${'x'.repeat(150)}`)).statusCode).toBe(400);
    expect((await call(parent, 'POST', '/api/cart/checkout', { paymentProvider: 'paypal' })).statusCode).toBe(
      400,
    );
    expect((await t.request('GET', '/api/cart')).statusCode).toBe(401);
  });

  it('another family cannot remove a line: 404, and nothing changes', async () => {
    const a = await createActivity(t.db, { sessions: [{ start: inDays(15) }] });
    const r = await add(parent, { blueprintId: a.blueprintId, serviceIds: a.serviceIds, memberIds: [lea] });
    const [other] = await createFamilies(t.app.ctx, 1);
    const id = r.added[0]!.participantId;
    expect((await call(other!.token, 'DELETE', `/api/cart/items/${id}`)).statusCode).toBe(404);
    expect(await seats(a.serviceIds[0]!)).toBe(1);
    const removed = await call(parent, 'DELETE', `/api/cart/items/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().items).toEqual([]);
    expect(await seats(a.serviceIds[0]!)).toBe(0);
    expect(await t.db.select().from(participants).where(eq(participants.id, id))).toEqual([]);
  });
});

describe('holds', () => {
  it('a lapsed hold leaves the cart; the job frees the seat and deletes the line', async () => {
    const a = await createActivity(t.db, { maxSeats: 1, sessions: [{ start: inDays(40) }] });
    const [family] = await createFamilies(t.app.ctx, 1);
    await add(family!.token, {
      blueprintId: a.blueprintId,
      serviceIds: a.serviceIds,
      memberIds: [family!.childId],
    });
    expect(await seats(a.serviceIds[0]!)).toBe(1);
    t.clock.advance(21 * MINUTE);
    await signAgain(t.app.ctx, family!);
    try {
      const cart = (await call(family!.token, 'GET', '/api/cart')).json();
      expect(cart.items).toEqual([]);
      expect(cart.holdExpiresAt).toBeNull();
      const checkout = await call(family!.token, 'POST', '/api/cart/checkout', {});
      expect(checkout.statusCode).toBe(409);
      expect(checkout.json().error).toBe('cart_empty');
      expect(checkout.json().message).toBe(
        'Votre panier est vide ou vos réservations ont expiré. Ajoutez à nouveau les séances souhaitées.',
      );
      const released = await releaseExpiredHolds(t.app.ctx);
      expect(released.cartLines).toBeGreaterThanOrEqual(1);
      expect(released.serviceIds).toContain(a.serviceIds[0]);
      expect(await seats(a.serviceIds[0]!)).toBe(0);
      expect(
        await t.db.select().from(participants).where(eq(participants.serviceId, a.serviceIds[0]!)),
      ).toEqual([]);
    } finally {
      t.clock.advance(-21 * MINUTE);
    }
  });

  it('adding again after a lapsed hold (job not run yet) works: the old line is cleared first', async () => {
    const a = await createActivity(t.db, { maxSeats: 1, sessions: [{ start: inDays(40) }] });
    const [family] = await createFamilies(t.app.ctx, 1);
    const body = { blueprintId: a.blueprintId, serviceIds: a.serviceIds, memberIds: [family!.childId] };
    await add(family!.token, body);
    t.clock.advance(25 * MINUTE);
    await signAgain(t.app.ctx, family!);
    try {
      const again = await add(family!.token, body);
      expect(again.refused).toEqual([]);
      expect(again.added).toHaveLength(1);
      expect(await seats(a.serviceIds[0]!)).toBe(1);
    } finally {
      t.clock.advance(-25 * MINUTE);
    }
  });
});

describe('checking out offline', () => {
  it('makes an order with a Belgian structured reference, confirms the participants and shows the EPC QR', async () => {
    const a = await createActivity(t.db, {
      name: 'Natation',
      price: 9550,
      taxPercentage: 2100,
      sessions: [{ start: new Date('2030-03-14T09:00:00Z') }],
    });
    const [family] = await createFamilies(t.app.ctx, 1);
    await add(family!.token, {
      blueprintId: a.blueprintId,
      serviceIds: a.serviceIds,
      memberIds: [family!.childId],
    });
    const r = await call(family!.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' });
    expect(r.statusCode, r.body).toBe(201);
    const { order, redirectUrl } = r.json();
    expect(redirectUrl).toBeNull();
    expect(order).toMatchObject({
      id: expect.stringMatching(/^ord_/),
      status: 'pending',
      paymentProvider: 'offline',
      totalAmount: 9550,
      taxAmount: Math.round((9550 * 2100) / 12100),
      paidAmount: 0,
      nextStep: 'transfer',
      checkoutUrl: null,
      holdExpiresAt: null,
      family: { id: family!.familyId },
    });
    expect(order.lines).toMatchObject([
      {
        description: 'Natation — 14/03/2030 10:00 — Enfant Famille0',
        unitPrice: 9550,
        totalAmount: 9550,
        participantStatus: 'confirmed',
      },
    ]);
    expect(order.payments).toMatchObject([{ provider: 'offline', status: 'open', amount: 9550 }]);
    const transfer = order.transfer;
    expect(transfer).toMatchObject({
      beneficiary: 'Club Sportif Démo',
      iban: IBAN,
      bic: 'GEBABEBB',
      amount: 9550,
    });
    expect(transfer.reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    const digits = transfer.reference.replace(/\D/g, '');
    const remainder = Number(BigInt(digits.slice(0, 10)) % 97n);
    expect(digits.slice(10)).toBe(String(remainder === 0 ? 97 : remainder).padStart(2, '0'));
    expect(isValidBelgianReference(transfer.reference)).toBe(true);
    // EPC069-12, line by line: the OGM goes in the unstructured remittance (line 11).
    expect(transfer.epcPayload.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'GEBABEBB',
      'Club Sportif Démo',
      IBAN,
      'EUR95.50',
      '',
      '',
      transfer.reference,
    ]);
    // The QR image is drawn on the order page (below); the checkout answer leaves it out.
    expect(transfer).not.toHaveProperty('qrSvg');

    const [p] = await t.db.select().from(participants).where(eq(participants.serviceId, a.serviceIds[0]!));
    expect(p).toMatchObject({
      status: 'confirmed',
      cartLinked: false,
      holdExpiresAt: null,
      holdsSeat: true,
      orderId: order.id,
    });
    expect(await seats(a.serviceIds[0]!)).toBe(1);
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, p!.id));
    expect(events.map((e) => e.type).sort()).toEqual(['registration-confirmed', 'registration-created']);
    expect((await call(family!.token, 'GET', '/api/cart')).json().items).toEqual([]);
    const read = await call(family!.token, 'GET', `/api/orders/${order.id}`);
    expect(read.json()).toEqual({
      ...order,
      // The invoice takes its number as the checkout commits (after the answer was written).
      invoiceNumber: expect.stringMatching(/^\d{4}-\d{6}$/),
      transfer: { ...transfer, qrSvg: expect.stringMatching(/^<svg[\s\S]*<\/svg>\s*$/) },
    });
  });

  it('uses an ISO 11649 RF reference outside Belgium and Luxembourg', async () => {
    await t.db.update(organizations).set({ billingCountry: 'FRA' }).where(eq(organizations.id, ORG));
    try {
      const a = await createActivity(t.db, { price: 2000, sessions: [{ start: inDays(30) }] });
      const [family] = await createFamilies(t.app.ctx, 1);
      await add(family!.token, {
        blueprintId: a.blueprintId,
        serviceIds: a.serviceIds,
        memberIds: [family!.childId],
      });
      const { order } = (await call(family!.token, 'POST', '/api/cart/checkout', {})).json();
      expect(order.transfer.reference).toMatch(/^RF\d{2}( [0-9A-Z]{1,4})+$/);
      expect(isValidRfReference(order.transfer.reference)).toBe(true);
      const lines = order.transfer.epcPayload.split('\n');
      expect(lines[9]).toBe(order.transfer.reference.replace(/ /g, ''));
      expect(lines).toHaveLength(10);
    } finally {
      await t.db.update(organizations).set({ billingCountry: 'BEL' }).where(eq(organizations.id, ORG));
    }
  });

  it('a free order is completed at once', async () => {
    const a = await createActivity(t.db, { price: 0, sessions: [{ start: inDays(30) }] });
    const [family] = await createFamilies(t.app.ctx, 1);
    await add(family!.token, {
      blueprintId: a.blueprintId,
      serviceIds: a.serviceIds,
      memberIds: [family!.childId],
    });
    const { order } = (await call(family!.token, 'POST', '/api/cart/checkout', {})).json();
    expect(order).toMatchObject({
      status: 'completed',
      totalAmount: 0,
      nextStep: 'none',
      transfer: null,
      payments: [],
    });
  });

  it('offline needs the organisation’s IBAN', async () => {
    await t.db.update(organizations).set({ iban: null }).where(eq(organizations.id, ORG));
    try {
      const a = await createActivity(t.db, { sessions: [{ start: inDays(30) }] });
      const [family] = await createFamilies(t.app.ctx, 1);
      await add(family!.token, {
        blueprintId: a.blueprintId,
        serviceIds: a.serviceIds,
        memberIds: [family!.childId],
      });
      expect((await call(family!.token, 'GET', '/api/cart')).json().paymentProviders).toEqual([]);
      const r = await call(family!.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' });
      expect(r.statusCode).toBe(409);
      expect(r.json().error).toBe('offline_payment_unavailable');
      expect(r.json().message).toBe(
        "Le paiement par virement n'est pas disponible : l'organisation n'a pas encore renseigné son IBAN.",
      );
      const lines = await t.db.select().from(orderLines).where(eq(orderLines.serviceId, a.serviceIds[0]!));
      expect(lines).toEqual([]);
    } finally {
      await t.db.update(organizations).set({ iban: IBAN }).where(eq(organizations.id, ORG));
    }
  });
});

describe('catalogue detail', () => {
  it('says whether registration is open for the caller', async () => {
    const open = await createActivity(t.db, { sessions: [{ start: inDays(10) }] });
    const protectedOne = await createActivity(t.db, {
      visibility: 'protected',
      sessions: [{ start: inDays(10) }],
    });
    const periodId = await createPeriod(t.db, { registrationOpensAt: new Date('2030-01-15T07:30:00Z') });
    const later = await createActivity(t.db, { sessions: [{ start: inDays(12), periodId }] });
    const registration = async (id: string) =>
      (await call(parent, 'GET', `/api/catalog/blueprints/${id}`)).json().registration;
    expect(await registration(open.blueprintId)).toEqual({ open: true, message: null, opensAt: null });
    expect(await registration(protectedOne.blueprintId)).toEqual({
      open: false,
      message: "Inscription sur demande auprès de l'organisation.",
      opensAt: null,
    });
    expect(await registration(later.blueprintId)).toEqual({
      open: false,
      message: 'Inscriptions ouvertes le 15/01/2030.',
      opensAt: '2030-01-15T07:30:00.000Z',
    });
  });
});
