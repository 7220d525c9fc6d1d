import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, organizations, participants, recoveryTokens, services } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { issueTokenForAbsence, issueTokenForCancelledSession } from '../src/modules/recovery/recovery-issue';
import { expireRecoveryTokens, remindRecoveryTokens } from '../src/modules/recovery/recovery.job';
import { createActivity, createFamilies, type FamilyFixture } from './helpers/order-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Recovery tokens on PostgreSQL (or the embedded database): each origin (a family's cancellation in time,
 * an absence, a session cancelled by the club, a manager's hand), the notice boundary, private activities
 * never giving one, rights per role, bad input, consuming one (at once twice, and against a paying family
 * for the last seat), the daily expiry and the reminder sent once, read from the real SMTP inbox.
 */

const ORG = 'org_demo';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
const tokens = {} as Record<'manager' | 'estManager' | 'holder' | 'parent' | 'admin', string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[]) {
    if (
      who === 'manager' ||
      who === 'estManager' ||
      who === 'holder' ||
      who === 'parent' ||
      who === 'admin'
    ) {
      tokens[who] = (await t.signIn(DEMO_ACCOUNTS[who])).accessToken;
    }
  }
});
afterAll(async () => {
  await t?.close();
});

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  locale: 'fr' | 'en' = 'fr',
  query?: Record<string, string>,
) =>
  t.request(method, url, { token, organizationId: ORG, body, query, headers: { 'accept-language': locale } });

/** One family (parent + child of 8) signed in. */
async function family(locale = 'fr'): Promise<FamilyFixture> {
  const [f] = await createFamilies(t.app.ctx, 1, { locale, childBirthdate: '2018-03-01' });
  return f!;
}

/** An activity (20 €) with sessions starting at the given instants. */
async function activity(
  starts: Date[],
  options: {
    visibility?: 'public' | 'protected' | 'private';
    maxSeats?: number;
    establishmentId?: string;
  } = {},
) {
  return createActivity(t.db, {
    name: `Judo ${Math.random().toString(36).slice(2, 6)}`,
    price: 2000,
    visibility: options.visibility ?? 'public',
    maxSeats: options.maxSeats ?? 10,
    establishmentId: options.establishmentId,
    sessions: starts.map((start) => ({ start, maxSeats: options.maxSeats })),
  });
}

/** The family registers its child to the sessions through the cart (offline: confirmed at checkout), paid if asked. */
async function register(f: FamilyFixture, blueprintId: string, serviceIds: string[], paid = true) {
  const added = await call(f.token, 'POST', '/api/cart/items', {
    blueprintId,
    serviceIds,
    memberIds: [f.childId],
    supplementIds: [],
  });
  expect(added.statusCode, added.body).toBeLessThan(300);
  const checkout = await call(f.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' });
  expect(checkout.statusCode, checkout.body).toBe(201);
  const orderId = checkout.json().order.id as string;
  if (paid) {
    const payment = await call(tokens.manager, 'POST', `/api/orders/${orderId}/payments/offline`, {});
    expect(payment.statusCode, payment.body).toBe(200);
  }
  const rows = await t.db
    .select({ id: participants.id, serviceId: participants.serviceId })
    .from(participants)
    .where(and(eq(participants.organizationId, ORG), eq(participants.familyId, f.familyId)));
  return serviceIds.map((s) => rows.find((r) => r.serviceId === s)!.id);
}

/** A manager registers the member directly (any visibility, confirmed, no order). */
async function registerDirectly(memberId: string, serviceId: string) {
  const response = await call(tokens.manager, 'POST', '/api/participants', {
    serviceIds: [serviceId],
    memberIds: [memberId],
  });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await t.db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.serviceId, serviceId), eq(participants.memberId, memberId)));
  return row!.id;
}

const tokensOf = (familyId: string) =>
  t.db
    .select()
    .from(recoveryTokens)
    .where(and(eq(recoveryTokens.organizationId, ORG), eq(recoveryTokens.familyId, familyId)));

/** Runs `fn` with the services' clock stopped at `at` (the access tokens were signed just before). */
async function at<T>(instant: Date, fn: () => Promise<T>): Promise<T> {
  const original = t.clock.now;
  t.clock.now = () => new Date(instant);
  try {
    return await fn();
  } finally {
    t.clock.now = original;
  }
}

const soon = (ms: number) => {
  const d = new Date(Date.now() + ms);
  d.setUTCSeconds(0, 0);
  return d;
};

describe('a family cancels in time', () => {
  it('exactly 24 hours before gives a token worth what was paid; 24 hours minus one minute gives none', async () => {
    // A few minutes ahead: the frozen clock stays within the access tokens' 15 minutes.
    const start = soon(DAY + 5 * 60_000);
    const a = await activity([start]);
    const inTime = await family();
    const late = await family();
    const [onTime] = await register(inTime, a.blueprintId, a.serviceIds);
    const [tooLate] = await register(late, a.blueprintId, a.serviceIds);

    await at(new Date(start.getTime() - DAY), async () => {
      const r = await call(inTime.token, 'POST', `/api/me/registrations/${onTime}/cancel`, {});
      expect(r.statusCode, r.body).toBe(200);
    });
    await at(new Date(start.getTime() - DAY + 60_000), async () => {
      const r = await call(late.token, 'POST', `/api/me/registrations/${tooLate}/cancel`, {});
      expect(r.statusCode, r.body).toBe(200);
    });

    const [token] = await tokensOf(inTime.familyId);
    expect(token).toMatchObject({
      origin: 'family-cancellation',
      status: 'available',
      valueCents: 2000,
      memberId: inTime.childId,
      originParticipantId: onTime,
      originServiceId: a.serviceIds[0],
    });
    expect(token!.expiresAt.getTime() - (start.getTime() - DAY)).toBe(90 * DAY);
    expect(await tokensOf(late.familyId)).toHaveLength(0);

    const mail = await t.waitForMail(inTime.email, 4);
    const all = t.inbox.mailsTo(inTime.email);
    const created = all.find((m) => m.subject.startsWith('Une récupération pour'))!;
    expect(mail).toBeTruthy();
    expect(created.subject).toBe('Une récupération pour Enfant Famille0 – Club Sportif Démo');
    expect(created.text).toContain(
      "Enfant Famille0 reçoit une récupération suite à l'annulation de son inscription",
    );
    expect(created.text).toMatch(/Elle vaut 20,00\s€/);
    expect(created.text).toContain('/recovery-tokens');
    const [audit] = await t.database.query<{ type: string }>(
      `select type from audit_events where organization_id = $1 and subject_id = $2`,
      [ORG, token!.id],
    );
    expect(audit?.type).toBe('recovery-token-created');
  });

  it('an unpaid registration is credited instead (the family owes nothing): no token', async () => {
    const a = await activity([soon(5 * DAY)]);
    const f = await family();
    const [id] = await register(f, a.blueprintId, a.serviceIds, false);
    const r = await call(f.token, 'POST', `/api/me/registrations/${id}/cancel`, {});
    expect(r.statusCode, r.body).toBe(200);
    expect(await tokensOf(f.familyId)).toHaveLength(0);
  });

  it('a free (0 €) registration is not credited (nothing to give back) and gives a make-up token worth 0 €', async () => {
    const a = await createActivity(t.db, {
      name: `Éveil ${Math.random().toString(36).slice(2, 6)}`,
      price: 0,
      visibility: 'public',
      maxSeats: 10,
      sessions: [{ start: soon(5 * DAY) }],
    });
    const f = await family();
    const [id] = await register(f, a.blueprintId, a.serviceIds, false);
    const r = await call(f.token, 'POST', `/api/me/registrations/${id}/cancel`, {});
    expect(r.statusCode, r.body).toBe(200);
    const notes = await t.database.query<{ n: number }>(
      `select count(*)::int as n from credit_notes cn
       join invoices i on i.organization_id = cn.organization_id and i.id = cn.invoice_id
       join orders o on o.organization_id = i.organization_id and o.id = i.order_id
       where cn.organization_id = $1 and o.family_id = $2`,
      [ORG, f.familyId],
    );
    expect(notes[0]!.n).toBe(0);
    const given = await tokensOf(f.familyId);
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({ origin: 'family-cancellation', status: 'available', valueCents: 0 });
    await t.app.ctx.queue.runUntilIdle();
    await expect
      .poll(() => t.inbox.mailsTo(f.email).find((m) => m.subject.startsWith('Une récupération pour')))
      .toBeTruthy();
    const created = t.inbox.mailsTo(f.email).find((m) => m.subject.startsWith('Une récupération pour'))!;
    expect(created.text).not.toMatch(/Elle vaut/);
  });

  it('a private activity never gives one, a protected one does', async () => {
    const f = await family();
    const priv = await activity([soon(6 * DAY)], { visibility: 'private' });
    const prot = await activity([soon(7 * DAY)], { visibility: 'protected' });
    const privateId = await registerDirectly(f.childId, priv.serviceIds[0]!);
    const protectedId = await registerDirectly(f.childId, prot.serviceIds[0]!);
    for (const id of [privateId, protectedId]) {
      const r = await call(f.token, 'POST', `/api/me/registrations/${id}/cancel`, {});
      expect(r.statusCode, r.body).toBe(200);
    }
    const given = await tokensOf(f.familyId);
    expect(given.map((g) => g.originParticipantId)).toEqual([protectedId]);
    // No order line: nothing was paid, the token is worth 0.
    expect(given[0]!.valueCents).toBe(0);
  });
});

describe('an absence and a cancelled session', () => {
  it('an absence gives one token, however often it is told; none when the club does not grant them', async () => {
    const a = await activity([soon(2 * DAY), soon(3 * DAY)]);
    const f = await family('en');
    const [first, second] = await register(f, a.blueprintId, a.serviceIds);
    const issue = (participantId: string) =>
      t.db.transaction((tx) =>
        issueTokenForAbsence(t.app.ctx, tx, {
          organizationId: ORG,
          participantId,
          at: new Date(),
          actorUserId: null,
        }),
      );
    const [one, two] = await Promise.all([issue(first!), issue(first!)]);
    expect([one, two].filter(Boolean)).toHaveLength(1);
    expect(await issue(first!)).toBeNull();
    const given = await tokensOf(f.familyId);
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({ origin: 'absence', valueCents: 2000 });
    const mail = await t.waitForMail(f.email, 3);
    const created = t.inbox.mailsTo(f.email).find((m) => m.subject.startsWith('A recovery token'))!;
    expect(mail).toBeTruthy();
    expect(created.subject).toBe('A recovery token for Enfant Famille0 – Club Sportif Démo');
    expect(created.text).toContain('receives a recovery token for missing the');

    await t.db.update(organizations).set({ recoveryForAbsences: false }).where(eq(organizations.id, ORG));
    try {
      expect(await issue(second!)).toBeNull();
    } finally {
      await t.db.update(organizations).set({ recoveryForAbsences: true }).where(eq(organizations.id, ORG));
    }
    expect(await tokensOf(f.familyId)).toHaveLength(1);
  });

  it('a session cancelled by the club gives its confirmed participants one each, once; private: none', async () => {
    const a = await activity([soon(4 * DAY)]);
    const priv = await activity([soon(4 * DAY + 2 * HOUR)], { visibility: 'private' });
    const f = await family();
    const [id] = await register(f, a.blueprintId, a.serviceIds);
    const privateId = await registerDirectly(f.childId, priv.serviceIds[0]!);
    const issue = (participantId: string) =>
      t.db.transaction((tx) =>
        issueTokenForCancelledSession(t.app.ctx, tx, {
          organizationId: ORG,
          participantId,
          at: new Date(),
          actorUserId: null,
        }),
      );
    expect(await issue(id!)).toMatch(/^rcv_/);
    expect(await issue(id!)).toBeNull();
    expect(await issue(privateId)).toBeNull();
    const given = await tokensOf(f.familyId);
    expect(given.map((g) => g.origin)).toEqual(['session-cancelled']);
  });
});

describe('rights and input', () => {
  it('managers issue, extend and cancel; an establishment manager only in their establishment; holders and families never', async () => {
    const f = await family();
    const pool = await activity([soon(9 * DAY)], { establishmentId: 'est_piscine' });
    const body = { memberId: f.childId, valueCents: 1500, note: 'Geste commercial' };
    for (const who of ['parent', 'holder'] as const) {
      const refused = await call(tokens[who], 'POST', '/api/recovery-tokens', body);
      expect(refused.statusCode, who).toBe(403);
    }
    const issued = await call(tokens.manager, 'POST', '/api/recovery-tokens', body);
    expect(issued.statusCode, issued.body).toBe(200);
    const token = issued.json();
    expect(token).toMatchObject({
      origin: 'manual',
      status: 'available',
      valueCents: 1500,
      note: 'Geste commercial',
    });

    // The establishment manager (est_piscine) neither sees nor touches a token of no activity of theirs.
    const outside = await call(tokens.estManager, 'POST', `/api/recovery-tokens/${token.id}/cancel`, {
      reason: 'Erreur',
    });
    expect(outside.statusCode).toBe(404);
    const withoutActivity = await call(tokens.estManager, 'POST', '/api/recovery-tokens', body);
    expect(withoutActivity.statusCode).toBe(400);
    expect(withoutActivity.json().details[0].field).toBe('blueprintId');
    const ownPool = await call(tokens.estManager, 'POST', '/api/recovery-tokens', {
      ...body,
      blueprintId: pool.blueprintId,
    });
    expect(ownPool.statusCode, ownPool.body).toBe(200);
    const listed = await call(tokens.estManager, 'GET', '/api/recovery-tokens', undefined, 'fr', {
      memberId: f.childId,
    });
    expect(listed.json().items.map((i: { id: string }) => i.id)).toEqual([ownPool.json().id]);

    for (const who of ['parent', 'holder'] as const) {
      expect(
        (
          await call(tokens[who], 'POST', `/api/recovery-tokens/${token.id}/extend`, {
            expiresAt: soon(200 * DAY).toISOString(),
          })
        ).statusCode,
      ).toBe(403);
      expect((await call(tokens[who], 'GET', '/api/recovery-tokens/outstanding')).statusCode).toBe(403);
    }
    const extended = await call(tokens.manager, 'POST', `/api/recovery-tokens/${token.id}/extend`, {
      expiresAt: soon(200 * DAY).toISOString(),
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(new Date(extended.json().expiresAt).getTime()).toBe(soon(200 * DAY).getTime());
    const cancelled = await call(tokens.manager, 'POST', `/api/recovery-tokens/${token.id}/cancel`, {
      reason: 'Émise par erreur',
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Émise par erreur' });
    const again = await call(tokens.manager, 'POST', `/api/recovery-tokens/${token.id}/cancel`, {
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('recovery_token_not_available');

    // The family sees its own tokens; another family sees none of them.
    const mine = await call(f.token, 'GET', '/api/recovery-tokens');
    expect(mine.json().items).toHaveLength(2);
    const other = await family();
    const theirs = await call(other.token, 'GET', '/api/recovery-tokens');
    expect(theirs.json().items).toHaveLength(0);
    expect(
      (await call(other.token, 'GET', `/api/recovery-tokens/${ownPool.json().id}/sessions`)).statusCode,
    ).toBe(404);

    const outstanding = await call(tokens.manager, 'GET', '/api/recovery-tokens/outstanding');
    expect(outstanding.statusCode).toBe(200);
    expect(outstanding.json().count).toBeGreaterThanOrEqual(1);
  });

  it('bad input is a 400 naming the field, in French and in English', async () => {
    const f = await family();
    const fr = await call(tokens.manager, 'POST', '/api/recovery-tokens', {
      memberId: f.childId,
      valueCents: -1,
    });
    expect(fr.statusCode).toBe(400);
    expect(fr.json().details).toEqual([
      expect.objectContaining({ field: 'valueCents', message: 'La valeur ne peut pas être négative' }),
    ]);
    const en = await call(
      tokens.manager,
      'POST',
      '/api/recovery-tokens',
      { memberId: f.childId, valueCents: 1e12 },
      'en',
    );
    expect(en.statusCode).toBe(400);
    expect(en.json().details[0].field).toBe('valueCents');
    const settings = await call(tokens.admin, 'PATCH', `/api/organizations/${ORG}/recovery-settings`, {
      recoveryNoticeHours: 721,
      recoveryValidityDays: 0,
    });
    expect(settings.statusCode).toBe(400);
    expect(
      settings.json().details.map((d: { field: string; message: string }) => [d.field, d.message]),
    ).toEqual([
      ['recoveryNoticeHours', "Le délai doit être un nombre entier d'heures entre 0 et 720"],
      ['recoveryValidityDays', 'La validité doit être un nombre entier de jours entre 1 et 730'],
    ]);
    const settingsEn = await call(
      tokens.admin,
      'PATCH',
      `/api/organizations/${ORG}/recovery-settings`,
      { recoveryScope: 'elsewhere' },
      'en',
    );
    expect(settingsEn.statusCode).toBe(400);
    expect(settingsEn.json().message).toBe('The data provided is invalid.');
    const consume = await call(f.token, 'POST', '/api/recovery-tokens/rcv_x/consume', {
      serviceId: 'x'.repeat(101),
    });
    expect(consume.statusCode).toBe(400);
    expect(
      (await call(tokens.estManager, 'GET', `/api/organizations/${ORG}/recovery-settings`)).statusCode,
    ).toBe(403);
  });

  it('the settings are read and saved by the organisation managers, with their defaults', async () => {
    const before = await call(tokens.admin, 'GET', `/api/organizations/${ORG}/recovery-settings`);
    expect(before.json()).toEqual({
      recoveryNoticeHours: 24,
      recoveryForAbsences: true,
      recoveryValidityDays: 90,
      recoveryScope: 'any',
      sessionCancellationCompensation: 'credit-note',
      refundOnlineOnCancellation: false,
    });
    const saved = await call(tokens.admin, 'PATCH', `/api/organizations/${ORG}/recovery-settings`, {
      recoveryNoticeHours: 48,
      sessionCancellationCompensation: 'recovery-token',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      recoveryNoticeHours: 48,
      sessionCancellationCompensation: 'recovery-token',
    });
    await call(tokens.admin, 'PATCH', `/api/organizations/${ORG}/recovery-settings`, {
      recoveryNoticeHours: 24,
      sessionCancellationCompensation: 'credit-note',
    });
  });
});

describe('an absence corrected at the pool side', () => {
  const markAs = (serviceId: string, participantId: string, kind: 'present' | 'absent') =>
    call(tokens.manager, 'POST', `/api/attendance/services/${serviceId}/marks`, {
      marks: [
        {
          markId: `${participantId}-${kind}-${Date.now()}`,
          participantId,
          mark: kind,
          markedAt: new Date().toISOString(),
        },
      ],
    });

  it('takes back the unused token when the child is marked present again, tells the family, and gives the same one back if absent again', async () => {
    const a = await activity([soon(DAY + 5 * HOUR)]);
    const f = await family();
    const [participant] = await register(f, a.blueprintId, a.serviceIds);
    const service = a.serviceIds[0]!;

    expect((await markAs(service, participant!, 'absent')).statusCode).toBe(200);
    const [given] = await tokensOf(f.familyId);
    expect(given).toMatchObject({ origin: 'absence', status: 'available' });

    expect((await markAs(service, participant!, 'present')).statusCode).toBe(200);
    const [withdrawn] = await tokensOf(f.familyId);
    expect(withdrawn).toMatchObject({
      id: given!.id,
      status: 'cancelled',
      cancelReason: 'Présence corrigée : le participant était présent',
    });
    const listed = await call(f.token, 'GET', '/api/recovery-tokens', undefined, 'fr', {
      status: 'available',
    });
    expect(listed.json().items).toEqual([]);
    // The family was told of the token: it is told it is taken back, by e-mail and in its inbox.
    await t.app.ctx.queue.runUntilIdle();
    const withdrawal = () =>
      t.inbox.mailsTo(f.email).find((m) => m.subject.startsWith('Récupération retirée pour'));
    await expect.poll(withdrawal).toBeTruthy();
    expect(withdrawal()!.text).toContain('a été corrigée');
    expect(withdrawal()!.text).toContain('est donc retirée');
    const inbox = (await call(f.token, 'GET', '/api/communications/inbox')).json() as {
      items: { subject: string }[];
    };
    expect(inbox.items.map((m) => m.subject)).toContain(withdrawal()!.subject);

    expect((await markAs(service, participant!, 'absent')).statusCode).toBe(200);
    const again = await tokensOf(f.familyId);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ id: given!.id, status: 'available', cancelReason: null });
  });

  it('leaves a token already used as it is', async () => {
    const a = await activity([soon(DAY + 6 * HOUR)]);
    const other = await activity([soon(7 * DAY)]);
    const f = await family();
    const [participant] = await register(f, a.blueprintId, a.serviceIds);
    await markAs(a.serviceIds[0]!, participant!, 'absent');
    const [token] = await tokensOf(f.familyId);
    const used = await call(f.token, 'POST', `/api/recovery-tokens/${token!.id}/consume`, {
      serviceId: other.serviceIds[0],
    });
    expect(used.statusCode, used.body).toBe(200);
    // The make-up registration is confirmed at once: the trail says both, as for any confirmed one.
    const [made] = await t.db
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.serviceId, other.serviceIds[0]!), eq(participants.familyId, f.familyId)));
    const trail = await t.db
      .select({ type: auditEvents.type })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'participant'), eq(auditEvents.subjectId, made!.id)));
    expect(trail.map((e) => e.type).sort()).toEqual(['registration-confirmed', 'registration-created']);
    expect((await markAs(a.serviceIds[0]!, participant!, 'present')).statusCode).toBe(200);
    expect((await tokensOf(f.familyId))[0]).toMatchObject({ id: token!.id, status: 'used' });
  });
});

/** A family with an available token from an absence on a session of the activity. */
async function familyWithToken() {
  const a = await activity([soon(DAY + 3 * HOUR)]);
  const f = await family();
  const [missed] = await register(f, a.blueprintId, a.serviceIds);
  const tokenId = await t.db.transaction((tx) =>
    issueTokenForAbsence(t.app.ctx, tx, {
      organizationId: ORG,
      participantId: missed!,
      at: new Date(),
      actorUserId: null,
    }),
  );
  return { f, tokenId: tokenId!, missedService: a.serviceIds[0]! };
}

describe('GET /recovery-tokens/{id}', () => {
  it("shows a family its own token, managers any, and no one else's", async () => {
    const { f, tokenId } = await familyWithToken();
    const stranger = await family();
    const own = await call(f.token, 'GET', `/api/recovery-tokens/${tokenId}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      id: tokenId,
      status: 'available',
      origin: 'absence',
      familyId: f.familyId,
    });
    expect((await call(tokens.manager, 'GET', `/api/recovery-tokens/${tokenId}`)).statusCode).toBe(200);
    expect((await call(stranger.token, 'GET', `/api/recovery-tokens/${tokenId}`)).statusCode).toBe(404);
    expect((await call(f.token, 'GET', `/api/recovery-tokens/${'x'.repeat(150)}`)).statusCode).toBe(400);
    expect(
      (await t.request('GET', `/api/recovery-tokens/${tokenId}`, { organizationId: ORG })).statusCode,
    ).toBe(401);
  });
});

describe('using a token', () => {
  it('offers the sessions it may take, and takes one: a confirmed registration at no charge, the token used', async () => {
    const { f, tokenId, missedService } = await familyWithToken();
    const open = await activity([soon(5 * DAY)]);
    const priv = await activity([soon(5 * DAY)], { visibility: 'private' });
    const full = await activity([soon(6 * DAY)], { maxSeats: 1 });
    const late = await activity([soon(120 * DAY)]);
    const filler = await family();
    await register(filler, full.blueprintId, full.serviceIds);

    const offered = await call(f.token, 'GET', `/api/recovery-tokens/${tokenId}/sessions`);
    expect(offered.statusCode, offered.body).toBe(200);
    const ids = offered.json().map((s: { serviceId: string }) => s.serviceId);
    expect(ids).toContain(open.serviceIds[0]);
    for (const excluded of [priv.serviceIds[0], full.serviceIds[0], late.serviceIds[0], missedService]) {
      expect(ids).not.toContain(excluded);
    }

    const notEligible = await call(f.token, 'POST', `/api/recovery-tokens/${tokenId}/consume`, {
      serviceId: priv.serviceIds[0],
    });
    expect(notEligible.statusCode).toBe(409);
    expect(notEligible.json()).toMatchObject({
      error: 'recovery_session_not_eligible',
      message: 'Cette séance ne peut pas être choisie avec cette récupération.',
    });

    const used = await call(f.token, 'POST', `/api/recovery-tokens/${tokenId}/consume`, {
      serviceId: open.serviceIds[0],
    });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().token).toMatchObject({
      status: 'used',
      usedSession: { serviceId: open.serviceIds[0] },
    });
    const [registration] = await t.db
      .select()
      .from(participants)
      .where(eq(participants.id, used.json().participantId));
    expect(registration).toMatchObject({
      status: 'confirmed',
      holdsSeat: true,
      orderId: null,
      memberId: f.childId,
    });
    const mine = await call(f.token, 'GET', '/api/me/registrations');
    expect(JSON.stringify(mine.json())).toContain(open.serviceIds[0]);

    const twice = await call(f.token, 'POST', `/api/recovery-tokens/${tokenId}/consume`, {
      serviceId: open.serviceIds[0],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('recovery_token_not_available');
  });

  it('two uses of one token at once: exactly one succeeds', async () => {
    const { f, tokenId } = await familyWithToken();
    const a = await activity([soon(8 * DAY), soon(9 * DAY)]);
    const results = await Promise.all(
      a.serviceIds.map((serviceId) =>
        call(f.token, 'POST', `/api/recovery-tokens/${tokenId}/consume`, { serviceId }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const confirmed = await t.db
      .select()
      .from(participants)
      .where(and(eq(participants.memberId, f.childId), eq(participants.status, 'confirmed')));
    expect(confirmed.filter((p) => a.serviceIds.includes(p.serviceId))).toHaveLength(1);
  });

  it('a use racing a paying family for the last seat: never oversold', async () => {
    const { f, tokenId } = await familyWithToken();
    const a = await activity([soon(10 * DAY)], { maxSeats: 1 });
    const payer = await family();
    const [consume, cart] = await Promise.all([
      call(f.token, 'POST', `/api/recovery-tokens/${tokenId}/consume`, { serviceId: a.serviceIds[0] }),
      call(payer.token, 'POST', '/api/cart/items', {
        blueprintId: a.blueprintId,
        serviceIds: a.serviceIds,
        memberIds: [payer.childId],
        supplementIds: [],
      }),
    ]);
    const [session] = await t.db.select().from(services).where(eq(services.id, a.serviceIds[0]!));
    expect(session!.reservedSeats).toBe(1);
    const holders = await t.db
      .select()
      .from(participants)
      .where(and(eq(participants.serviceId, a.serviceIds[0]!), eq(participants.holdsSeat, true)));
    expect(holders).toHaveLength(1);
    const consumed = consume.statusCode === 200;
    const carted = cart.statusCode < 300 && cart.json().refused?.length === 0;
    expect(consumed !== carted, `${consume.body} / ${cart.body}`).toBe(true);
    if (!consumed) expect(consume.json().error).toBe('session_full');
    const [token] = await t.db.select().from(recoveryTokens).where(eq(recoveryTokens.id, tokenId));
    expect(token!.status).toBe(consumed ? 'used' : 'available');
  });
});

describe('expiry and reminder', () => {
  it('reminds the family once a week before, then expires the token after its date', async () => {
    const { f, tokenId } = await familyWithToken();
    await t.waitForMail(f.email, 3); // order, payment received, token created
    const [token] = await t.db.select().from(recoveryTokens).where(eq(recoveryTokens.id, tokenId));
    const weekBefore = new Date(token!.expiresAt.getTime() - 7 * DAY + HOUR);
    await at(new Date(token!.expiresAt.getTime() - 8 * DAY), () => remindRecoveryTokens(t.app.ctx));
    await at(weekBefore, async () => {
      expect(await remindRecoveryTokens(t.app.ctx)).toBeGreaterThanOrEqual(1);
      await remindRecoveryTokens(t.app.ctx);
    });
    const reminder = await t.waitForMail(f.email, 4);
    expect(reminder.subject).toMatch(
      /^La récupération de Enfant Famille0 expire le \d{2}\/\d{2}\/\d{4} – Club Sportif Démo$/,
    );
    await t.app.ctx.queue.runUntilIdle();
    expect(t.inbox.mailsTo(f.email).filter((m) => m.subject.startsWith('La récupération'))).toHaveLength(1);

    await at(new Date(token!.expiresAt.getTime() - 1), () => expireRecoveryTokens(t.app.ctx));
    expect((await t.db.select().from(recoveryTokens).where(eq(recoveryTokens.id, tokenId)))[0]!.status).toBe(
      'available',
    );
    await at(token!.expiresAt, () => expireRecoveryTokens(t.app.ctx));
    expect((await t.db.select().from(recoveryTokens).where(eq(recoveryTokens.id, tokenId)))[0]!.status).toBe(
      'expired',
    );
  });
});
