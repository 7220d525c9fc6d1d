import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  blueprints,
  establishments,
  organizations,
  prestations,
  services,
  users,
} from '../src/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo/accounts';
import { hashPassword } from '../src/lib/password';
import { createUserRepository } from '../src/modules/users/user.repository';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

type Who = 'admin' | 'manager' | 'estManager' | 'holder' | 'parent' | 'support' | 'otherHolder';

let t: TestApp;
const tokens = {} as Record<Who, string>;
const userIds = {} as Record<Who, string>;
const ORG = 'org_demo';
/** A holder of another organisation. */
let foreignHolderId: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'estManager', 'holder', 'parent'] as const) {
    const session = await t.signIn(DEMO_ACCOUNTS[who]);
    tokens[who] = session.accessToken;
    userIds[who] = session.user.id;
  }
  tokens.support = (await t.signIn(DEMO_ACCOUNTS.support, undefined, ADMIN_HOST)).accessToken;
  const other = await createUserRepository(t.db).createAccount(ORG, {
    email: 'holder2@demo.test',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    role: 'user',
    isHolder: true,
    person: { firstName: 'Inès', lastName: 'Lemoine' },
  });
  userIds.otherHolder = other.user.id;
  tokens.otherHolder = (await t.signIn('holder2@demo.test')).accessToken;

  await t.db.insert(blueprints).values([
    { organizationId: ORG, id: 'bp_p_foot', name: 'Football test', duration: 90, maxSeats: 16 },
    {
      organizationId: ORG,
      id: 'bp_p_swim',
      establishmentId: 'est_piscine',
      name: 'Natation test',
      duration: 45,
      maxSeats: 8,
    },
  ]);
  await t.db.insert(services).values([
    {
      organizationId: ORG,
      id: 'svc_p_foot',
      blueprintId: 'bp_p_foot',
      startDateTime: new Date('2026-10-20T16:00:00Z'),
      duration: 90,
      maxSeats: 16,
    },
    {
      organizationId: ORG,
      id: 'svc_p_swim',
      blueprintId: 'bp_p_swim',
      startDateTime: new Date('2026-10-21T16:00:00Z'),
      duration: 45,
      maxSeats: 8,
    },
  ]);

  await t.db.insert(organizations).values({ id: 'org_other', key: 'other', name: 'Autre club' });
  await t.db.insert(establishments).values({ organizationId: 'org_other', id: 'est_default', name: 'Salle' });
  await t.db
    .insert(blueprints)
    .values({ organizationId: 'org_other', id: 'bp_other', name: 'Yoga', duration: 60, maxSeats: 10 });
  await t.db.insert(services).values({
    organizationId: 'org_other',
    id: 'svc_other',
    blueprintId: 'bp_other',
    startDateTime: new Date('2026-10-20T16:00:00Z'),
    duration: 60,
    maxSeats: 10,
  });
  const otherHolder = await createUserRepository(t.db).createAccount('org_other', {
    email: 'coach@other.test',
    passwordHash: null,
    isHolder: true,
    person: { firstName: 'Coach', lastName: 'Ailleurs' },
  });
  foreignHolderId = otherHolder.user.id;
  await t.db.insert(prestations).values({
    organizationId: 'org_other',
    id: 'prs_other',
    serviceId: 'svc_other',
    holderUserId: otherHolder.user.id,
  });
});
afterAll(() => t.close());

const call = (
  who: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  query?: Record<string, string>,
) => t.request(method, url, { token: tokens[who], organizationId: ORG, body, query });

async function assign(serviceId: string, holderUserId: string, who: Who = 'manager') {
  const r = await call(who, 'POST', `/api/services/${serviceId}/prestations`, { holderUserId });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as string;
}

const absenceEvents = (prestationId: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.type, 'prestation-holder-absence'), eq(auditEvents.subjectId, prestationId)));

describe('assigning holders', () => {
  it('assigns a holder (201) with the prestation page’s fields, and refuses a duplicate (409)', async () => {
    const r = await call('manager', 'POST', '/api/services/svc_p_foot/prestations', {
      holderUserId: userIds.holder,
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({
      id: expect.stringMatching(/^prs_/),
      status: 'assigned',
      absenceNote: null,
      service: {
        id: 'svc_p_foot',
        blueprintName: 'Football test',
        startDateTime: '2026-10-20T16:00:00.000Z',
        duration: 90,
        status: 'confirmed',
      },
      holder: { id: userIds.holder, displayName: 'Hugo Martin', email: DEMO_ACCOUNTS.holder },
    });
    const duplicate = await call('manager', 'POST', '/api/services/svc_p_foot/prestations', {
      holderUserId: userIds.holder,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe('holder_already_assigned');
    expect(duplicate.json().message).toBe('Ce titulaire est déjà assigné à cette séance');
    const rows = await t.db.select().from(prestations).where(eq(prestations.serviceId, 'svc_p_foot'));
    expect(rows).toHaveLength(1);
  });

  it('only assigns holders of the organisation', async () => {
    for (const holderUserId of [userIds.parent, userIds.manager, foreignHolderId, 'usr_nope']) {
      const r = await call('manager', 'POST', '/api/services/svc_p_foot/prestations', { holderUserId });
      expect(r.statusCode).toBe(404);
      expect(r.json().details[0]).toMatchObject({ field: 'holderUserId' });
    }
    const bad = await call('manager', 'POST', '/api/services/svc_p_foot/prestations', { holderUserId: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: 'holderUserId', message: 'Ce champs est requis' });
  });

  it('keeps each role to its reach', async () => {
    const body = { holderUserId: userIds.otherHolder };
    expect((await call('parent', 'POST', '/api/services/svc_p_foot/prestations', body)).statusCode).toBe(403);
    expect((await call('holder', 'POST', '/api/services/svc_p_foot/prestations', body)).statusCode).toBe(403);
    expect((await call('estManager', 'POST', '/api/services/svc_p_foot/prestations', body)).statusCode).toBe(
      404,
    );
    expect((await call('manager', 'POST', '/api/services/svc_other/prestations', body)).statusCode).toBe(404);
    await assign('svc_p_swim', userIds.otherHolder, 'estManager');
    await assign('svc_p_foot', userIds.otherHolder, 'support');
  });

  it('removes an assignment (204), then 404; holders, parents and other establishments cannot', async () => {
    const id = await assign('svc_p_swim', userIds.holder, 'admin');
    const url = `/api/services/svc_p_swim/prestations/${id}`;
    expect((await call('parent', 'DELETE', url)).statusCode).toBe(403);
    expect((await call('holder', 'DELETE', url)).statusCode).toBe(403);
    expect((await call('manager', 'DELETE', `/api/services/svc_p_foot/prestations/${id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call('manager', 'DELETE', '/api/services/svc_other/prestations/prs_other')).statusCode,
    ).toBe(404);
    const removed = await call('estManager', 'DELETE', url);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const [cancelled] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'prestation-cancelled'), eq(auditEvents.subjectId, id)));
    expect(cancelled).toMatchObject({
      actorUserId: userIds.estManager,
      subjectType: 'prestation',
      data: { serviceId: 'svc_p_swim', holderUserId: userIds.holder },
    });
    expect((await call('estManager', 'DELETE', url)).statusCode).toBe(404);
    expect(await t.db.select().from(prestations).where(eq(prestations.id, 'prs_other'))).toHaveLength(1);
  });
});

describe('GET /prestations/:id', () => {
  it('shows a prestation to its holder and to managers of its establishment only', async () => {
    const [own] = await t.db
      .select()
      .from(prestations)
      .where(and(eq(prestations.serviceId, 'svc_p_foot'), eq(prestations.holderUserId, userIds.holder)));
    const url = `/api/prestations/${own!.id}`;
    expect((await call('holder', 'GET', url)).json().holder.id).toBe(userIds.holder);
    expect((await call('manager', 'GET', url)).statusCode).toBe(200);
    expect((await call('support', 'GET', url)).statusCode).toBe(200);
    expect((await call('otherHolder', 'GET', url)).statusCode).toBe(404);
    expect((await call('estManager', 'GET', url)).statusCode).toBe(404);
    expect((await call('parent', 'GET', url)).statusCode).toBe(403);
    expect((await call('manager', 'GET', '/api/prestations/prs_other')).statusCode).toBe(404);
    expect((await call('manager', 'GET', '/api/prestations/prs_nope')).statusCode).toBe(404);
  });
});

describe('holder absence', () => {
  let id: string;
  beforeAll(async () => {
    const [own] = await t.db
      .select()
      .from(prestations)
      .where(and(eq(prestations.serviceId, 'svc_p_foot'), eq(prestations.holderUserId, userIds.holder)));
    id = own!.id;
  });

  it('lets the holder declare their own absence, audited once in the same change', async () => {
    const r = await call('holder', 'PATCH', `/api/prestations/${id}/absence`, {
      absent: true,
      note: 'Malade',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'absent', absenceNote: 'Malade' });
    const events = await absenceEvents(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      organizationId: ORG,
      actorUserId: userIds.holder,
      subjectType: 'prestation',
      data: { serviceId: 'svc_p_foot', holderUserId: userIds.holder, note: 'Malade' },
    });
    const again = await call('holder', 'PATCH', `/api/prestations/${id}/absence`, { absent: true });
    expect(again.json()).toMatchObject({ status: 'absent', absenceNote: 'Malade' });
    expect(await absenceEvents(id)).toHaveLength(1);
  });

  it('leaves withdrawing an absence to managers', async () => {
    expect(
      (await call('holder', 'PATCH', `/api/prestations/${id}/absence`, { absent: false })).statusCode,
    ).toBe(403);
    const r = await call('manager', 'PATCH', `/api/prestations/${id}/absence`, { absent: false });
    expect(r.json()).toMatchObject({ status: 'assigned', absenceNote: null });
  });

  it('lets managers record it, and audits each new absence', async () => {
    const r = await call('admin', 'PATCH', `/api/prestations/${id}/absence`, { absent: true, note: '  ' });
    expect(r.json()).toMatchObject({ status: 'absent', absenceNote: null });
    const events = await absenceEvents(id);
    expect(events).toHaveLength(2);
    expect(events.map((e) => e.actorUserId)).toContain(userIds.admin);
  });

  it('refuses other holders, parents, other establishments and other organisations, changing nothing', async () => {
    const url = `/api/prestations/${id}/absence`;
    await call('manager', 'PATCH', url, { absent: false });
    expect((await call('otherHolder', 'PATCH', url, { absent: true })).statusCode).toBe(404);
    expect((await call('estManager', 'PATCH', url, { absent: true })).statusCode).toBe(404);
    expect((await call('parent', 'PATCH', url, { absent: true })).statusCode).toBe(403);
    expect(
      (await call('manager', 'PATCH', '/api/prestations/prs_other/absence', { absent: true })).statusCode,
    ).toBe(404);
    const [row] = await t.db.select().from(prestations).where(eq(prestations.id, id));
    expect(row!.status).toBe('assigned');
    const [other] = await t.db.select().from(prestations).where(eq(prestations.id, 'prs_other'));
    expect(other!.status).toBe('assigned');
    expect(await absenceEvents('prs_other')).toHaveLength(0);
  });

  it('refuses bad bodies with 400', async () => {
    const url = `/api/prestations/${id}/absence`;
    for (const body of [
      {},
      { absent: 'yes' },
      { absent: true, note: 'x'.repeat(1001) },
      { absent: true, note: 3 },
    ]) {
      const r = await call('manager', 'PATCH', url, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    const missing = await call('manager', 'PATCH', url, {});
    expect(missing.json().details[0]).toMatchObject({ field: 'absent', message: 'Ce champs est requis' });
  });
});

describe('GET /holders', () => {
  it('lists the organisation’s holders for managers', async () => {
    const r = await call('manager', 'GET', '/api/holders', undefined, { pageSize: '100' });
    expect(r.statusCode).toBe(200);
    const items = r.json().items as { id: string; displayName: string; email: string }[];
    expect(items).toContainEqual({
      id: userIds.holder,
      displayName: 'Hugo Martin',
      email: DEMO_ACCOUNTS.holder,
    });
    expect(items).toContainEqual({
      id: userIds.otherHolder,
      displayName: 'Inès Lemoine',
      email: 'holder2@demo.test',
    });
    expect(items.map((h) => h.id)).not.toContain(userIds.parent);
    expect(items.map((h) => h.id)).not.toContain(foreignHolderId);
    const search = await call('estManager', 'GET', '/api/holders', undefined, { q: 'lemoine' });
    expect(search.json()).toMatchObject({ total: 1, items: [{ id: userIds.otherHolder }] });
    expect((await call('support', 'GET', '/api/holders')).statusCode).toBe(200);
  });

  it('hides deleted holders and refuses holders, parents and bad queries', async () => {
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, userIds.otherHolder));
    const r = await call('manager', 'GET', '/api/holders', undefined, { q: 'Inès' });
    expect(r.json().total).toBe(0);
    await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, userIds.otherHolder));
    expect((await call('holder', 'GET', '/api/holders')).statusCode).toBe(403);
    expect((await call('parent', 'GET', '/api/holders')).statusCode).toBe(403);
    expect((await call('manager', 'GET', '/api/holders', undefined, { pageSize: '0' })).statusCode).toBe(400);
    expect((await call('manager', 'GET', '/api/holders', undefined, { q: 'x'.repeat(101) })).statusCode).toBe(
      400,
    );
  });
});
