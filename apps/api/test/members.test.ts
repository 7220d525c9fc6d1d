import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

/*
 * The members administration, reading side: lists, filters, sort, pages, a member's page, the CSV
 * export, and who may see what. Writes are in members-create.test.ts.
 */

type Who = 'admin' | 'manager' | 'estManager' | 'holder' | 'parent' | 'support' | 'sysadmin';

interface Row {
  userId: string;
  memberId: string;
  displayName: string;
  email: string;
  establishment: { id: string; name: string };
  role: string;
  roleLabel: string;
  isHolder: boolean;
  familySize: number;
  lastLoginAt: string | null;
  createdAt: string;
}

let t: TestApp;
const tokens = {} as Record<Who, string>;
const ids = {} as Record<string, string>;
let systemAdminUserId: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'estManager', 'holder', 'parent'] as const) {
    tokens[who] = (await t.signIn(DEMO_ACCOUNTS[who])).accessToken;
  }
  tokens.support = (await t.signIn(DEMO_ACCOUNTS.support, undefined, ADMIN_HOST)).accessToken;
  const sysadmin = await t.signIn(DEMO_ACCOUNTS.sysadmin, undefined, ADMIN_HOST);
  tokens.sysadmin = sysadmin.accessToken;
  systemAdminUserId = sysadmin.user.id;
  const rows = await t.database.query<{ id: string; email: string }>(
    `select id, email from users where organization_id = 'org_demo'`,
  );
  for (const row of rows) ids[row.email] = row.id;
});
afterAll(() => t.close());

const call = (
  who: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
) =>
  t.request(method, url, {
    token: tokens[who],
    organizationId: 'org_demo',
    host: who === 'support' || who === 'sysadmin' ? ADMIN_HOST : undefined,
    ...options,
  });

async function list(who: Who, query: Record<string, string> = {}) {
  const r = await call(who, 'GET', '/api/members', { query });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { items: Row[]; total: number; page: number; pageSize: number };
}

const count = async (where: string) =>
  Number(
    (
      await t.database.query<{ n: string }>(
        `select count(*) as n from users where organization_id = 'org_demo' and deleted_at is null and ${where}`,
      )
    )[0]!.n,
  );

describe('rights', () => {
  it('refuses families and holders (403) and signed-out callers (401) on every route', async () => {
    const parentId = ids[DEMO_ACCOUNTS.parent]!;
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      ['GET', '/api/members'],
      ['GET', '/api/members/export.csv'],
      ['POST', '/api/members', {}],
      ['GET', `/api/members/${parentId}`],
      ['PATCH', `/api/members/${parentId}`, { isHolder: true }],
      ['POST', `/api/members/${parentId}/holder`],
      ['DELETE', `/api/members/${parentId}/holder`],
    ];
    for (const [method, url, body] of routes) {
      for (const who of ['parent', 'holder'] as const) {
        expect((await call(who, method, url, { body })).statusCode, `${who} ${method} ${url}`).toBe(403);
      }
      expect((await t.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
    }
    const parent = (await call('admin', 'GET', `/api/members/${parentId}`)).json();
    expect(parent.isHolder).toBe(false);
  });

  it('lets system staff act in the organisation like its administrators', async () => {
    const total = await count('true');
    for (const who of ['support', 'sysadmin', 'admin', 'manager'] as const) {
      expect((await list(who)).total, who).toBe(total);
    }
    const r = await call('support', 'GET', `/api/members/${ids[DEMO_ACCOUNTS.parent]}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().email).toBe(DEMO_ACCOUNTS.parent);
  });

  it("answers 404 for another organisation's account, and lists only the acting organisation's", async () => {
    for (const method of ['GET', 'PATCH'] as const) {
      const r = await call('manager', method, `/api/members/${systemAdminUserId}`, {
        body: method === 'PATCH' ? { person: { firstName: 'Pris' } } : undefined,
      });
      expect(r.statusCode).toBe(404);
    }
    expect((await call('manager', 'POST', `/api/members/${systemAdminUserId}/holder`)).statusCode).toBe(404);
    expect((await call('manager', 'GET', '/api/members/usr_unknown')).statusCode).toBe(404);
    // A demo manager cannot name the system organisation; system staff there see its own accounts.
    const mismatch = await t.request('GET', '/api/members', {
      token: tokens.manager,
      organizationId: 'org_sysadmin',
    });
    expect(mismatch.statusCode).toBe(403);
    const system = await t.request('GET', '/api/members', {
      token: tokens.sysadmin,
      organizationId: 'org_sysadmin',
      host: ADMIN_HOST,
    });
    expect(
      system
        .json()
        .items.map((r: Row) => r.email)
        .sort(),
    ).toEqual([DEMO_ACCOUNTS.support, DEMO_ACCOUNTS.sysadmin]);
    const [sysadmin] = await t.database.query<{ first_name: string }>(
      `select first_name from members where user_id = $1`,
      [systemAdminUserId],
    );
    expect(sysadmin!.first_name).toBe('Sophie');
  });

  it('keeps an establishment manager to the accounts of their establishment', async () => {
    const page = await list('estManager', { pageSize: '100' });
    expect(page.total).toBe(await count(`establishment_id = 'est_piscine'`));
    expect(page.total).toBeGreaterThan(3);
    expect(page.items.every((r) => r.establishment.id === 'est_piscine')).toBe(true);
    expect(page.items[0]!.establishment.name).toBe('Piscine communale');
    expect((await list('estManager', { establishmentId: 'est_default' })).total).toBe(0);

    const parentId = ids[DEMO_ACCOUNTS.parent]!;
    expect((await call('estManager', 'GET', `/api/members/${parentId}`)).statusCode).toBe(404);
    expect(
      (await call('estManager', 'PATCH', `/api/members/${parentId}`, { body: { isHolder: true } }))
        .statusCode,
    ).toBe(404);
    expect((await call('estManager', 'POST', `/api/members/${parentId}/holder`)).statusCode).toBe(404);
    expect((await call('estManager', 'DELETE', `/api/members/${parentId}/holder`)).statusCode).toBe(404);
    expect(
      (await call('estManager', 'GET', `/api/members/${ids['julie.dupont@demo.test']}`)).statusCode,
    ).toBe(200);
    const csv = await call('estManager', 'GET', '/api/members/export.csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(page.total + 1);
    expect(lines.slice(1).every((line) => line.includes(';Piscine communale;'))).toBe(true);
  });
});

describe('GET /members', () => {
  it('lists every account with its person, establishment, role, holder flag and family size', async () => {
    const page = await list('manager', { pageSize: '100' });
    expect(page).toMatchObject({ page: 1, pageSize: 100, total: await count('true') });
    const sarah = page.items.find((r) => r.email === 'sarah.janssens@demo.test')!;
    expect(sarah).toMatchObject({
      userId: ids['sarah.janssens@demo.test'],
      displayName: 'Sarah Janssens',
      establishment: { id: 'est_default', name: 'Complexe sportif principal' },
      role: 'user',
      roleLabel: 'Utilisateur basique',
      isHolder: false,
      // Two representatives and three children.
      familySize: 5,
    });
    expect(sarah.memberId).toMatch(/^mbr_/);
    expect(sarah.lastLoginAt).not.toBeNull();
    const parent = page.items.find((r) => r.email === DEMO_ACCOUNTS.parent)!;
    expect(parent.familySize).toBe(3);
    const admin = page.items.find((r) => r.email === DEMO_ACCOUNTS.admin)!;
    expect(admin).toMatchObject({ role: 'admin', roleLabel: 'Administrateur', familySize: 1 });
    const english = await call('manager', 'GET', '/api/members', {
      query: { role: 'admin' },
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().items[0].roleLabel).toBe('Administrator');
  });

  it('filters participants and holders', async () => {
    const participants = await list('manager', { kind: 'participants', pageSize: '100' });
    expect(participants.total).toBe(await count(`role = 'user' and not is_holder`));
    expect(participants.items.every((r) => r.role === 'user' && !r.isHolder)).toBe(true);
    const holders = await list('manager', { kind: 'holders', pageSize: '100' });
    expect(holders.items.map((r) => r.email).sort()).toEqual(
      [
        DEMO_ACCOUNTS.holder,
        'julien.thiry@demo.test',
        'karim.benali@demo.test',
        'nathalie.lemaire@demo.test',
      ].sort(),
    );
    const piscineHolders = await list('manager', { kind: 'holders', establishmentId: 'est_piscine' });
    expect(piscineHolders.items.map((r) => r.email).sort()).toEqual([
      'julien.thiry@demo.test',
      'nathalie.lemaire@demo.test',
    ]);
    expect((await list('manager', { role: 'org-manager' })).items.map((r) => r.email)).toEqual([
      DEMO_ACCOUNTS.manager,
    ]);
  });

  it('searches names and e-mails case-insensitively, with LIKE wildcards taken literally', async () => {
    expect((await list('manager', { q: 'JANSS' })).items.map((r) => r.displayName).sort()).toEqual([
      'Sarah Janssens',
      'Thomas Janssens',
    ]);
    expect((await list('manager', { q: 'schmit anne' })).items.map((r) => r.email)).toEqual([
      'anne.schmit@demo.test',
    ]);
    expect((await list('manager', { q: 'Anne Schmit' })).total).toBe(1);
    expect((await list('manager', { q: 'pieter.maes@' })).items.map((r) => r.displayName)).toEqual([
      'Pieter Maes',
    ]);
    for (const q of ['%', '_', '\\', "'; drop table users; --"]) {
      expect((await list('manager', { q })).total, q).toBe(0);
    }
    expect((await list('manager', { q: '   ' })).total).toBe(await count('true'));
  });

  it('sorts by name, e-mail, last sign-in, creation and family size, both ways', async () => {
    const keys = (rows: Row[], key: (r: Row) => string | number | null) => rows.map(key);
    const byName = await list('manager', { sort: 'name', pageSize: '100' });
    const names = keys(byName.items, (r) => r.displayName.toLowerCase()) as string[];
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byEmailDesc = await list('manager', { sort: 'email', order: 'desc', pageSize: '100' });
    const emails = keys(byEmailDesc.items, (r) => r.email) as string[];
    expect(emails).toEqual([...emails].sort().reverse());

    for (const order of ['asc', 'desc'] as const) {
      const rows = (await list('manager', { sort: 'lastLoginAt', order, pageSize: '100' })).items;
      const signedIn = rows.filter((r) => r.lastLoginAt !== null).map((r) => r.lastLoginAt!);
      // Never signed in comes last whichever the order.
      expect(rows.slice(0, signedIn.length).every((r) => r.lastLoginAt !== null)).toBe(true);
      const sorted = [...signedIn].sort();
      expect(signedIn).toEqual(order === 'asc' ? sorted : sorted.reverse());
    }
    // The demo accounts signed in for these tests; among the seeded families, the latest is Pieter.
    const recent = await list('manager', { sort: 'lastLoginAt', order: 'desc', kind: 'participants' });
    const demo = new Set<string>(Object.values(DEMO_ACCOUNTS));
    expect(recent.items.find((r) => !demo.has(r.email))!.email).toBe('pieter.maes@demo.test');

    const created = (await list('manager', { sort: 'createdAt', pageSize: '100' })).items.map(
      (r) => r.createdAt,
    );
    expect(created).toEqual([...created].sort());

    const bySize = (await list('manager', { sort: 'familySize', order: 'desc', pageSize: '100' })).items;
    const sizes = bySize.map((r) => r.familySize);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    // The Schmit household: two representatives and four children.
    expect(
      bySize
        .slice(0, 2)
        .map((r) => r.email)
        .sort(),
    ).toEqual(['anne.schmit@demo.test', 'marc.schmit@demo.test']);
    expect(sizes[0]).toBe(6);
  });

  it('pages without overlap, with the total on every page', async () => {
    const all = (await list('manager', { pageSize: '100' })).items.map((r) => r.userId);
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 7); page++) {
      const p = await list('manager', { page: String(page), pageSize: '7' });
      expect(p.total).toBe(all.length);
      expect(p.items.length).toBeLessThanOrEqual(7);
      pages.push(...p.items.map((r) => r.userId));
    }
    expect(pages).toEqual(all);
    const beyond = await list('manager', { page: '50', pageSize: '7' });
    expect(beyond).toMatchObject({ items: [], total: all.length, page: 50 });
    expect((await list('manager')).pageSize).toBe(20);
  });

  it('refuses bad query values with French messages, never a 5xx', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ kind: 'everyone' }, 'kind', 'Choisissez une des valeurs proposées'],
      [{ sort: 'age' }, 'sort', 'Choisissez une des valeurs proposées'],
      [{ order: 'up' }, 'order', 'Choisissez une des valeurs proposées'],
      [{ role: 'king' }, 'role', 'Choisissez une des valeurs proposées'],
      [{ page: '0' }, 'page', 'La valeur doit être supérieure à 0'],
      [{ pageSize: '101' }, 'pageSize', 'Respectez le format de la valeur'],
      [{ pageSize: '2.5' }, 'pageSize', 'La valeur doit être un nombre entier'],
      [{ page: 'abc' }, 'page', 'Respectez le format de la valeur'],
      [{ q: 'x'.repeat(101) }, 'q', 'Respectez le format de la valeur'],
      [{ establishmentId: 'e'.repeat(101) }, 'establishmentId', 'Respectez le format de la valeur'],
    ];
    for (const [query, field, message] of cases) {
      for (const url of ['/api/members', '/api/members/export.csv']) {
        if (url.endsWith('.csv') && (field === 'page' || field === 'pageSize')) continue;
        const r = await call('manager', 'GET', url, { query });
        expect(r.statusCode, `${url} ${JSON.stringify(query)}`).toBe(400);
        expect(r.json().details).toContainEqual(expect.objectContaining({ field, message }));
      }
    }
    const r = await call('manager', 'GET', '/api/members', { query: { 'kind[]': 'all', sort: '' } });
    expect(r.statusCode).toBeLessThan(500);
  });
});

describe("the member page's tabs", () => {
  it("lists the family's registrations and orders for a manager; a family may not list them", async () => {
    const detail = (await call('manager', 'GET', `/api/members/${ids['sarah.janssens@demo.test']}`)).json();
    const familyId = detail.familyId as string;
    const family = await t.database.query<{ participants: number; orders: number }>(
      `select (select count(*)::int from participants where organization_id = 'org_demo' and family_id = $1)
                as participants,
              (select count(*)::int from orders where organization_id = 'org_demo' and family_id = $1) as orders`,
      [familyId],
    );
    expect(family[0]!.participants).toBeGreaterThan(0);
    expect(family[0]!.orders).toBeGreaterThan(0);

    const registrations = await call('manager', 'GET', '/api/participants', { query: { familyId } });
    expect(registrations.statusCode, registrations.body).toBe(200);
    expect(registrations.json().total).toBe(family[0]!.participants);
    for (const p of registrations.json().items) expect(p.familyId).toBe(familyId);

    const orders = await call('manager', 'GET', '/api/orders', { query: { familyId } });
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json().total).toBe(family[0]!.orders);
    for (const o of orders.json().items) expect(o.family.id).toBe(familyId);

    expect((await call('parent', 'GET', '/api/participants', { query: { familyId } })).statusCode).toBe(403);
    const bad = await call('manager', 'GET', '/api/participants', { query: { familyId: 'f'.repeat(101) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual(expect.objectContaining({ field: 'familyId' }));
  });
});

describe('GET /members/{userId}', () => {
  it('shows the person, family with ages and representatives', async () => {
    const r = await call('manager', 'GET', `/api/members/${ids['sarah.janssens@demo.test']}`);
    expect(r.statusCode).toBe(200);
    const detail = r.json();
    expect(detail).toMatchObject({
      userId: ids['sarah.janssens@demo.test'],
      displayName: 'Sarah Janssens',
      email: 'sarah.janssens@demo.test',
      role: 'user',
      roleLabel: 'Utilisateur basique',
      isHolder: false,
      establishment: { id: 'est_default', name: 'Complexe sportif principal' },
      hasPassword: true,
      person: {
        firstName: 'Sarah',
        lastName: 'Janssens',
        gender: 'F',
        birthdate: '1984-06-21',
        country: 'BEL',
        postalCode: '1030',
        phoneNumber: '+32 471 23 45 67',
        email: 'sarah.janssens@demo.test',
      },
      permissions: { canEdit: true, canChangeRole: true },
      documents: [],
    });
    expect(detail.family.map((m: { firstName: string }) => m.firstName)).toEqual(['Emma', 'Louis', 'Noah']);
    for (const member of detail.family) {
      expect(member.ageMonths).toBeGreaterThan(12);
      expect(member.ageText).toMatch(/^\d+ ans?$/);
    }
    expect(detail.representatives).toEqual([
      expect.objectContaining({ email: 'thomas.janssens@demo.test', displayName: 'Thomas Janssens' }),
    ]);
    const english = await call('manager', 'GET', `/api/members/${ids['sarah.janssens@demo.test']}`, {
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().family[0].ageText).toMatch(/^\d+ years?$/);
    expect(english.json().roleLabel).toBe('Basic user');
  });

  it('says when an invited account has not chosen a password, and what the caller may change', async () => {
    const invited = (await call('manager', 'GET', `/api/members/${ids['nicolas.mertens@demo.test']}`)).json();
    expect(invited).toMatchObject({ hasPassword: false, lastLoginAt: null });
    const admin = (await call('manager', 'GET', `/api/members/${ids[DEMO_ACCOUNTS.admin]}`)).json();
    expect(admin.permissions).toEqual({ canEdit: false, canChangeRole: false });
    const self = (await call('manager', 'GET', `/api/members/${ids[DEMO_ACCOUNTS.manager]}`)).json();
    expect(self.permissions).toEqual({ canEdit: true, canChangeRole: false });
  });

  it('refuses a malformed id with 400 or 404, never a 5xx', async () => {
    expect((await call('manager', 'GET', `/api/members/${'x'.repeat(150)}`)).statusCode).toBe(400);
    expect(
      (await call('manager', 'GET', `/api/members/${encodeURIComponent("usr_'or 1=1")}`)).statusCode,
    ).toBe(404);
  });
});

describe('GET /members/export.csv', () => {
  it('exports the filtered list for Excel: BOM, ";" separator, French headers, one line per account', async () => {
    const r = await call('manager', 'GET', '/api/members/export.csv', {
      query: { kind: 'participants', sort: 'email' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(
      /^attachment; filename="membres-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(r.headers['x-export-truncated']).toBeUndefined();
    expect(r.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = r.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(
      'Prénom;Nom;E-mail;Téléphone;Établissement;Rôle;Titulaire;Membres de la famille;Dernière connexion;Créé le',
    );
    const participants = await list('manager', { kind: 'participants', sort: 'email', pageSize: '100' });
    expect(lines).toHaveLength(participants.total + 1);
    expect(lines.slice(1).map((line) => line.split(';')[2])).toEqual(participants.items.map((r) => r.email));
    const sarah = lines.find((line) => line.includes('sarah.janssens@demo.test'))!.split(';');
    // The phone number starts with '+': written as text so that Excel does not read a formula.
    expect(sarah.slice(0, 8)).toEqual([
      'Sarah',
      'Janssens',
      'sarah.janssens@demo.test',
      "'+32 471 23 45 67",
      'Complexe sportif principal',
      'Utilisateur basique',
      'Non',
      '5',
    ]);
    expect(sarah[8]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const invited = lines.find((line) => line.includes('nicolas.mertens@demo.test'))!.split(';');
    expect(invited[8]).toBe('');
  });

  it('neutralises formulas and quotes separators in cells (CSV injection)', async () => {
    const created = await call('admin', 'POST', '/api/members', {
      body: {
        person: {
          gender: 'O',
          firstName: '=HYPERLINK("http://evil.test";"x")',
          lastName: '@SUM(A1:A2)',
          birthdate: '1990-01-01',
          address: 'Rue du Test 1',
          city: 'Bruxelles',
          postalCode: '1000',
          country: 'BEL',
          phoneNumber: '+32 470 12 34 56',
          email: 'formula@demo.test',
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const r = await call('manager', 'GET', '/api/members/export.csv', { query: { q: 'formula@' } });
    const line = r.body.split('\r\n')[1]!;
    expect(line.startsWith(`"'=HYPERLINK(""http://evil.test"";""x"")";'@SUM(A1:A2);formula@demo.test;`)).toBe(
      true,
    );
    const created2 = await call('admin', 'PATCH', `/api/members/${created.json().userId}`, {
      body: { person: { firstName: '-2+3', lastName: '+cmd|calc' } },
    });
    expect(created2.statusCode).toBe(200);
    const again = (await call('manager', 'GET', '/api/members/export.csv', { query: { q: 'formula@' } }))
      .body;
    expect(again.split('\r\n')[1]!.startsWith("'-2+3;'+cmd|calc;")).toBe(true);
  });
});

describe('sign in as a member from the members list', () => {
  it('opens the session of a member found through GET /members, audited', async () => {
    const found = await list('manager', { q: 'Peeters', kind: 'participants' });
    expect(found.items).toHaveLength(1);
    const row = found.items[0]!;
    const r = await call('manager', 'POST', '/api/auth/sign-in/overAdmin', {
      body: { idMember: row.memberId, email: DEMO_ACCOUNTS.manager, password: 'Demo1234' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().user).toMatchObject({ id: row.userId, email: DEMO_ACCOUNTS.parent });
    const session = await t.request('GET', '/api/auth/session', {
      token: r.json().accessToken,
      organizationId: 'org_demo',
    });
    expect(session.json()).toMatchObject({ impersonated: true });
    const audit = await t.database.query<{ actor_user_id: string }>(
      `select actor_user_id from audit_events where type = 'user-login' and subject_id = $1
         and data->>'method' = 'over-admin'`,
      [row.userId],
    );
    expect(audit.map((a) => a.actor_user_id)).toContain(ids[DEMO_ACCOUNTS.manager]);
    // The member's session cannot reach the members administration.
    const inside = await t.request('GET', '/api/members', {
      token: r.json().accessToken,
      organizationId: 'org_demo',
    });
    expect(inside.statusCode).toBe(403);
  });

  it("lets an establishment manager open only their establishment's members", async () => {
    const julie = (await list('estManager', { q: 'julie.dupont' })).items[0]!;
    const ok = await call('estManager', 'POST', '/api/auth/sign-in/overAdmin', {
      body: { idMember: julie.memberId, email: DEMO_ACCOUNTS.estManager, password: 'Demo1234' },
    });
    expect(ok.statusCode).toBe(200);
    const parent = (await list('manager', { q: 'Peeters' })).items[0]!;
    const refused = await call('estManager', 'POST', '/api/auth/sign-in/overAdmin', {
      body: { idMember: parent.memberId, email: DEMO_ACCOUNTS.estManager, password: 'Demo1234' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
