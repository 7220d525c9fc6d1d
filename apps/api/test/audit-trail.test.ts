import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, establishments, organizations } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { rowsOf } from '../src/db/client';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

type Who = 'admin' | 'manager' | 'estManager' | 'holder' | 'parent';
interface Item {
  id: string;
  type: string;
  typeLabel: string;
  createdAt: string;
  actor: { userId: string; name: string } | null;
  subject: { type: string; id: string; label: string } | null;
  links: {
    memberUserId: string | null;
    participantId: string | null;
    orderId: string | null;
    invoiceId: string | null;
  };
}
interface Page {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

const ORG = 'org_demo';
let t: TestApp;
const tokens = {} as Record<Who | 'support', string>;
const userIds = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'estManager', 'holder', 'parent'] as const) {
    const session = await t.signIn(DEMO_ACCOUNTS[who]);
    tokens[who] = session.accessToken;
    userIds[who] = session.user.id;
  }
  tokens.support = (await t.signIn(DEMO_ACCOUNTS.support, undefined, ADMIN_HOST)).accessToken;
  // Another club with one event of its own, never shown to the demo club.
  await t.db.insert(organizations).values({ id: 'org_other', key: 'other', name: 'Autre club' });
  await t.db.insert(establishments).values({ organizationId: 'org_other', id: 'est_default', name: 'Salle' });
  await t.db.insert(auditEvents).values({
    organizationId: 'org_other',
    id: 'aud_other',
    type: 'registration-created',
    subjectType: 'participant',
    subjectId: 'reg_other',
  });
});
afterAll(() => t?.close());

const list = (who: Who | 'support', query: Record<string, string> = {}, locale = 'fr') =>
  t.request('GET', '/api/audit-events', {
    token: tokens[who],
    organizationId: ORG,
    query,
    headers: { 'accept-language': locale },
  });

async function page(who: Who | 'support', query: Record<string, string> = {}): Promise<Page> {
  const response = await list(who, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

/** The establishment of a participant's activity. */
async function establishmentOfParticipant(id: string): Promise<string> {
  const [row] = rowsOf<{ establishment_id: string }>(
    await t.db.execute(sql`select b.establishment_id from participants p
      join services s on s.organization_id = p.organization_id and s.id = p.service_id
      join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
      where p.organization_id = ${ORG} and p.id = ${id}`),
  );
  return row!.establishment_id;
}

describe('GET /audit-events: who may read it', () => {
  it("shows a manager the organisation's events, newest first, with French labels and names", async () => {
    const result = await page('manager', { pageSize: '100' });
    expect(result.total).toBeGreaterThan(0);
    const times = result.items.map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const registration = result.items.find((i) => i.type === 'registration-created');
    expect(registration).toBeDefined();
    expect(registration!.typeLabel).toBe('Inscription créée');
    expect(registration!.subject).toMatchObject({ type: 'participant' });
    // The subject reads as « member · activity » and links to the member's account.
    expect(registration!.subject!.label).toContain(' · ');
    expect(registration!.links.memberUserId).toMatch(/^usr_/);
    expect(result.items.some((i) => i.id === 'aud_other')).toBe(false);
  });

  it('answers in English for an English reader', async () => {
    const response = await list('manager', { type: 'registration-created', pageSize: '1' }, 'en');
    expect(response.json().items[0].typeLabel).toBe('Registration created');
  });

  it("shows an establishment manager only their establishment's events", async () => {
    const all = await page('manager', { type: 'registration-created', pageSize: '100' });
    const mine = await page('estManager', { type: 'registration-created', pageSize: '100' });
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThan(all.total);
    const [me] = rowsOf<{ establishment_id: string }>(
      await t.db.execute(sql`select establishment_id from users where id = ${userIds.estManager}`),
    );
    for (const item of mine.items)
      expect(await establishmentOfParticipant(item.subject!.id)).toBe(me!.establishment_id);
  });

  it('lets system staff read any organisation', async () => {
    const response = await t.request('GET', '/api/audit-events', {
      host: 'demo.localhost:3000',
      token: tokens.support,
      organizationId: ORG,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().total).toBeGreaterThan(0);
  });

  it('refuses families, holders, strangers and another organisation', async () => {
    for (const who of ['parent', 'holder'] as const) expect((await list(who)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/audit-events', { organizationId: ORG })).statusCode).toBe(401);
    const foreign = await t.request('GET', '/api/audit-events', {
      token: tokens.manager,
      organizationId: 'org_other',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('aud_other');
  });
});

describe('GET /audit-events: filters and pages', () => {
  it('filters by event', async () => {
    const result = await page('manager', { type: 'user-login', pageSize: '100' });
    expect(result.total).toBeGreaterThan(0); // this file's own sign-ins
    expect(new Set(result.items.map((i) => i.type))).toEqual(new Set(['user-login']));
  });

  it('filters by actor', async () => {
    const result = await page('manager', { actorUserId: userIds.estManager, pageSize: '100' });
    expect(result.total).toBeGreaterThan(0);
    for (const item of result.items) expect(item.actor?.userId).toBe(userIds.estManager);
  });

  it('filters by member, participant, order and invoice: the events about them', async () => {
    const registration = (await page('manager', { type: 'registration-created', pageSize: '1' })).items[0]!;
    const participantId = registration.subject!.id;
    const [facts] = rowsOf<{ member_id: string; order_id: string | null; invoice_id: string | null }>(
      await t.db.execute(sql`select p.member_id, p.order_id, i.id as invoice_id from participants p
        left join invoices i on i.organization_id = p.organization_id and i.order_id = p.order_id
        where p.organization_id = ${ORG} and p.id = ${participantId}`),
    );
    const byParticipant = await page('manager', { subjectType: 'participant', subjectId: participantId });
    expect(byParticipant.items.map((i) => i.type)).toContain('registration-created');
    for (const item of byParticipant.items) expect(item.links.participantId).toBe(participantId);

    const byMember = await page('manager', {
      subjectType: 'member',
      subjectId: facts!.member_id,
      pageSize: '100',
    });
    expect(byMember.items.map((i) => i.id)).toContain(registration.id);

    if (facts!.order_id) {
      const byOrder = await page('manager', {
        subjectType: 'order',
        subjectId: facts!.order_id,
        pageSize: '100',
      });
      expect(byOrder.items.map((i) => i.id)).toContain(registration.id);
      for (const item of byOrder.items) expect(item.links.orderId).toBe(facts!.order_id);
    }
    const none = await page('manager', { subjectType: 'invoice', subjectId: 'inv_none' });
    expect(none).toMatchObject({ total: 0, items: [] });
  });

  it('filters by days, inclusive, in the organisation time zone', async () => {
    await t.db.insert(auditEvents).values([
      // 23:30 in Brussels on 14 March 2026 (UTC+1): the 14th there, the 14th in UTC too.
      {
        organizationId: ORG,
        id: 'aud_day_14',
        type: 'member-created',
        createdAt: new Date('2026-03-14T22:30:00Z'),
      },
      // 00:30 in Brussels on 15 March: still the 14th in UTC.
      {
        organizationId: ORG,
        id: 'aud_day_15',
        type: 'member-created',
        createdAt: new Date('2026-03-14T23:30:00Z'),
      },
    ]);
    const ids = async (query: Record<string, string>) =>
      (await page('manager', { type: 'member-created', pageSize: '100', ...query })).items.map((i) => i.id);
    expect(await ids({ from: '2026-03-14', to: '2026-03-14' })).toEqual(['aud_day_14']);
    expect(await ids({ from: '2026-03-15', to: '2026-03-15' })).toEqual(['aud_day_15']);
    expect(await ids({ from: '2026-03-14', to: '2026-03-15' })).toEqual(['aud_day_15', 'aud_day_14']);
  });

  it('pages without overlap and counts every match', async () => {
    const first = await page('manager', { pageSize: '3' });
    const second = await page('manager', { pageSize: '3', page: '2' });
    const both = await page('manager', { pageSize: '6' });
    expect(first.items).toHaveLength(3);
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(both.items.map((i) => i.id));
    expect(second.total).toBe(first.total);
  });

  it('refuses bad input with a French 400, never a 500', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ pageSize: '1000' }, 'pageSize'],
      [{ page: '0' }, 'page'],
      [{ type: 'user-deleted-everything' }, 'type'],
      [{ from: '2026-02-31' }, 'from'],
      [{ to: 'yesterday' }, 'to'],
      [{ subjectId: 'mbr_x' }, 'subjectType'],
      [{ subjectType: 'family', subjectId: 'fam_x' }, 'subjectType'],
      [{ actorUserId: 'x'.repeat(101) }, 'actorUserId'],
      [{ actorUserId: "usr_' or 1=1 --" }, 'actorUserId'],
      [{ from: '2026-03-15', to: '2026-03-14' }, 'to'],
    ];
    for (const [query, field] of cases) {
      const response = await list('manager', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().error).toBe('validation_failed');
      expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
      expect(response.json().message).toBe('Les données fournies sont invalides.');
    }
  });
});

describe('GET /audit-events/export.csv', () => {
  it('exports the filtered trail as CSV for Excel, French headers', async () => {
    const response = await t.request('GET', '/api/audit-events/export.csv', {
      token: tokens.manager,
      organizationId: ORG,
      query: { type: 'registration-created' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="journal-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Date;Événement;Code;Auteur;Pour le compte de;Sujet;Type de sujet;Identifiant du sujet',
    );
    const listed = await page('manager', { type: 'registration-created', pageSize: '1' });
    expect(lines).toHaveLength(listed.total + 1);
    expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};Inscription créée;registration-created;/);
  });

  it('refuses families and bad filters', async () => {
    const parent = await t.request('GET', '/api/audit-events/export.csv', {
      token: tokens.parent,
      organizationId: ORG,
    });
    expect(parent.statusCode).toBe(403);
    const bad = await t.request('GET', '/api/audit-events/export.csv', {
      token: tokens.manager,
      organizationId: ORG,
      query: { from: '2026-13-01' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the audit trail is append-only', () => {
  it('refuses to update, delete or truncate an event, even straight in the database', async () => {
    const [before] = await t.db.select().from(auditEvents).limit(1);
    const refused = { cause: { message: expect.stringMatching(/audit_events is append-only/) } };
    await expect(
      t.db.execute(sql`update audit_events set type = 'user-login' where id = ${before!.id}`),
    ).rejects.toMatchObject(refused);
    await expect(t.db.execute(sql`delete from audit_events where id = ${before!.id}`)).rejects.toMatchObject(
      refused,
    );
    await expect(t.db.execute(sql`truncate audit_events`)).rejects.toMatchObject(refused);
    const [after] = await t.db
      .select()
      .from(auditEvents)
      .where(sql`id = ${before!.id}`);
    expect(after).toEqual(before);
  });

  it('offers no route that changes or deletes an event', async () => {
    const spec = (await t.request('GET', '/api/docs/json')).json() as { paths: Record<string, object> };
    const auditPaths = Object.entries(spec.paths).filter(([path]) => path.includes('audit'));
    expect(auditPaths.length).toBeGreaterThan(0);
    for (const [, methods] of auditPaths) expect(Object.keys(methods)).toEqual(['get']);
  });
});
