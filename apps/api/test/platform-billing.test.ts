import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ORGANIZATION_ID } from '@inscrio/shared';
import { rowsOf } from '../src/db/client';
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION_ID } from '../src/demo/accounts';
import { runTrialJob } from '../src/modules/licences/trial.job';
import { issueMonthStatements, issueStatement } from '../src/modules/platform/statements';
import { seedPlatformStatements } from '../src/modules/platform/statements.seed';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';
import { pdfText } from './helpers/pdf-text';

/*
 * Licences and platform billing (issue 16): the pricing plan and licence calls, the daily trial job, the
 * monthly statements (invoices of the system organisation to each club) and who may read them.
 */

let t: TestApp;
let sysadmin: string;
let support: string;
let admin: string;
let manager: string;
let parent: string;

const MONTH = '2025-03';
const PRORATA_CLUB = 'org_pb_prorata';
const TRIAL_CLUB = 'org_pb_trial';
const UNLIMITED_CLUB = 'org_pb_unlimited';
const WARNED_CLUB = 'org_pb_warned';

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(query));

async function insertClub(id: string, extra: { billing?: boolean } = {}) {
  await t.db.execute(sql`insert into organizations (id, key, name, billing_address, billing_city,
      billing_postal_code, billing_country, vat_number, billing_email)
    values (${id}, ${id.replace(/_/g, '-')}, ${`Club ${id}`}, ${extra.billing ? 'Rue du Club 1' : null},
      ${extra.billing ? 'Namur' : null}, ${extra.billing ? '5000' : null}, ${extra.billing ? 'BE' : null},
      ${extra.billing ? 'BE0123456789' : null}, ${extra.billing ? 'club@example.test' : null})`);
  await t.db.execute(sql`insert into establishments (organization_id, id, name)
    values (${id}, 'est_default', 'Siège')`);
}

async function insertLicence(
  organizationId: string,
  id: string,
  planKey: string,
  startsAt: string,
  endedAt: string | null,
  endsAt: string | null = null,
) {
  await t.db.execute(sql`insert into licences (organization_id, id, plan_key, starts_at, ended_at, ends_at)
    values (${organizationId}, ${id}, ${planKey}, ${startsAt}::timestamptz, ${endedAt}::timestamptz,
      ${endsAt}::timestamptz)`);
}

async function insertAdmin(organizationId: string, id: string, email: string, locale: string) {
  await t.db.execute(sql`insert into families (organization_id, id) values (${organizationId}, ${`fam_${id}`})
    on conflict do nothing`);
  await t.db.execute(sql`insert into users (organization_id, id, family_id, email, role, locale)
    values (${organizationId}, ${id}, ${`fam_${id}`}, ${email}, 'admin', ${locale})`);
}

/** Demo participations in March 2025, a month the seed leaves empty: 2 confirmed participants. */
async function insertDemoParticipations() {
  const [blueprint] = await q<{ id: string }>(
    sql`select id from blueprints where organization_id = ${DEMO_ORGANIZATION_ID} limit 1`,
  );
  const members = await q<{ id: string; family_id: string }>(
    sql`select id, family_id from members where organization_id = ${DEMO_ORGANIZATION_ID}
      and deleted_at is null order by id limit 4`,
  );
  const session = async (id: string, start: string, status: string) =>
    t.db.execute(sql`insert into services (organization_id, id, blueprint_id, start_date_time, duration,
        max_seats, status)
      values (${DEMO_ORGANIZATION_ID}, ${id}, ${blueprint!.id}, ${start}::timestamptz, 60, 20, ${status})`);
  await session('svc_pb_1', '2025-03-05T10:00:00+01:00', 'confirmed');
  await session('svc_pb_2', '2025-03-12T10:00:00+01:00', 'confirmed');
  await session('svc_pb_cancelled', '2025-03-19T10:00:00+01:00', 'cancelled');
  // The last evening of February in Brussels is still February, though 1 March in UTC is close.
  await session('svc_pb_feb', '2025-02-28T22:30:00+01:00', 'confirmed');
  let n = 0;
  const participant = async (serviceId: string, member: { id: string; family_id: string }, status: string) =>
    t.db.execute(sql`insert into participants (organization_id, id, service_id, member_id, family_id, status)
      values (${DEMO_ORGANIZATION_ID}, ${`reg_pb_${n++}`}, ${serviceId}, ${member.id}, ${member.family_id},
        ${status})`);
  const [m1, m2, m3, m4] = members as [
    (typeof members)[0],
    (typeof members)[0],
    (typeof members)[0],
    (typeof members)[0],
  ];
  await participant('svc_pb_1', m1, 'confirmed');
  await participant('svc_pb_2', m1, 'confirmed'); // the same member twice: counted once
  await participant('svc_pb_1', m2, 'absent'); // confirmed, then absent: the seat was used
  await participant('svc_pb_1', m3, 'reserved'); // not confirmed
  await participant('svc_pb_cancelled', m4, 'confirmed'); // the session was cancelled
  await participant('svc_pb_feb', m4, 'confirmed'); // another month
}

beforeAll(async () => {
  t = await createTestApp();
  sysadmin = (await t.signIn(DEMO_ACCOUNTS.sysadmin, undefined, ADMIN_HOST)).accessToken;
  support = (await t.signIn(DEMO_ACCOUNTS.support, undefined, ADMIN_HOST)).accessToken;
  admin = (await t.signIn(DEMO_ACCOUNTS.admin)).accessToken;
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  parent = (await t.signIn(DEMO_ACCOUNTS.parent)).accessToken;

  // The demo club is on the monthly plan since 2025: March is billed whole.
  await t.db.execute(sql`update licences set starts_at = '2025-01-01T00:00:00+01:00'
    where organization_id = ${DEMO_ORGANIZATION_ID} and ended_at is null`);
  await insertDemoParticipations();
  // A club whose free trial ended on 22 March: 10 days of 31 on the monthly plan.
  await insertClub(PRORATA_CLUB, { billing: true });
  await insertLicence(
    PRORATA_CLUB,
    'lic_pb_p1',
    'free-trial',
    '2025-02-20T10:00:00+01:00',
    '2025-03-22T10:00:00+01:00',
  );
  await insertLicence(PRORATA_CLUB, 'lic_pb_p2', 'default-monthly', '2025-03-22T10:00:00+01:00', null);
  // A club still in its free trial, and one on the unlimited plan: nothing to bill.
  await insertClub(TRIAL_CLUB);
  await insertLicence(TRIAL_CLUB, 'lic_pb_t1', 'free-trial', '2025-03-01T10:00:00+01:00', null);
  await insertClub(UNLIMITED_CLUB);
  await insertLicence(UNLIMITED_CLUB, 'lic_pb_u1', 'unlimited', '2024-01-01T10:00:00+01:00', null);
});
afterAll(() => t.close());

describe('pricing plans and licences', () => {
  it('reads a pricing plan (club administrators and platform staff)', async () => {
    const r = await t.request('GET', '/api/licences/pricing-plans/default-monthly', {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      key: 'default-monthly',
      name: 'Défaut (mensuel)',
      monthlyFee: 2900,
      participantFee: 50,
      trialDays: 0,
      nextPlanKey: null,
    });
    const trial = await t.request('GET', '/api/licences/pricing-plans/free-trial', {
      token: admin,
      organizationId: DEMO_ORGANIZATION_ID,
    });
    expect(trial.json()).toMatchObject({ trialDays: 30, nextPlanKey: 'default-monthly' });
    for (const token of [manager, parent]) {
      const refused = await t.request('GET', '/api/licences/pricing-plans/free-trial', {
        token,
        organizationId: DEMO_ORGANIZATION_ID,
      });
      expect(refused.statusCode).toBe(403);
    }
    expect((await t.request('GET', '/api/licences/pricing-plans/free-trial')).statusCode).toBe(401);
  });

  it('answers 404 for an unknown plan and 400 for a malformed key, in French and English', async () => {
    const opts = { token: admin, organizationId: DEMO_ORGANIZATION_ID };
    expect((await t.request('GET', '/api/licences/pricing-plans/gold', opts)).json().error).toBe('not_found');
    const fr = await t.request('GET', '/api/licences/pricing-plans/Gold%20Plan', opts);
    expect(fr.statusCode).toBe(400);
    expect(JSON.stringify(fr.json().details)).toContain('Identifiant invalide');
    const en = await t.request('GET', '/api/licences/pricing-plans/Gold%20Plan', {
      ...opts,
      headers: { 'accept-language': 'en' },
    });
    expect(JSON.stringify(en.json().details)).toContain('Invalid identifier');
  });

  it('shows a club its licence: its administrator and the platform staff only', async () => {
    const own = await t.request('GET', `/api/organizations/${DEMO_ORGANIZATION_ID}/licence`, {
      token: admin,
      organizationId: DEMO_ORGANIZATION_ID,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      current: { planKey: 'default-monthly', endsAt: null },
      plan: { key: 'default-monthly' },
    });
    const staff = await t.request('GET', `/api/organizations/${PRORATA_CLUB}/licence`, {
      token: support,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().history).toHaveLength(2);
    // Another club's administrator, a manager, a family.
    for (const [token, id] of [
      [admin, PRORATA_CLUB],
      [manager, DEMO_ORGANIZATION_ID],
      [parent, DEMO_ORGANIZATION_ID],
    ] as const) {
      const refused = await t.request('GET', `/api/organizations/${id}/licence`, {
        token,
        organizationId: DEMO_ORGANIZATION_ID,
      });
      expect(refused.statusCode).toBe(403);
    }
  });

  it('moves a licence to its next plan: system administrator only, current licence only', async () => {
    await insertClub('org_pb_next');
    await insertLicence(
      'org_pb_next',
      'lic_pb_n1',
      'free-trial',
      '2026-01-01T10:00:00+01:00',
      null,
      '2099-01-01T00:00:00Z',
    );
    const path = '/api/licences/lic_pb_n1/trigger-next-pricing-plan';
    for (const [token, organizationId, host] of [
      [support, SYSTEM_ORGANIZATION_ID, ADMIN_HOST],
      [admin, DEMO_ORGANIZATION_ID, undefined],
      [manager, DEMO_ORGANIZATION_ID, undefined],
      [parent, DEMO_ORGANIZATION_ID, undefined],
    ] as const) {
      expect((await t.request('POST', path, { token, organizationId, host })).statusCode).toBe(403);
    }
    const moved = await t.request('POST', path, {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ current: { planKey: 'default-monthly', endsAt: null } });
    expect(moved.json().history).toHaveLength(2);
    // The trial licence is history now; the monthly plan has no next plan.
    const again = await t.request('POST', path, {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
      headers: { 'accept-language': 'en' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'licence_not_current',
      message: 'This licence is no longer the organisation’s current licence',
    });
    const currentId = moved.json().current.id as string;
    const none = await t.request('POST', `/api/licences/${currentId}/trigger-next-pricing-plan`, {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
    });
    expect(none.json()).toMatchObject({
      error: 'licence_has_no_next_plan',
      message: 'La formule de cette licence n’a pas de formule suivante',
    });
    const missing = await t.request('POST', '/api/licences/lic_nope/trigger-next-pricing-plan', {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
    });
    expect(missing.statusCode).toBe(404);
    const [audit] = await q<{ n: number }>(sql`select count(*)::int as n from audit_events
      where organization_id = 'org_pb_next' and type = 'licence-changed'`);
    expect(audit!.n).toBe(1);
  });
});

describe('the daily trial job', () => {
  it('warns the administrators once, in their language, 7 days before the end', async () => {
    await insertClub(WARNED_CLUB);
    const now = t.clock.now();
    const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
    await insertLicence(WARNED_CLUB, 'lic_pb_w1', 'free-trial', inDays(-25), null, inDays(5));
    await insertAdmin(WARNED_CLUB, 'usr_pb_fr', 'admin-fr@pb.test', 'fr');
    await insertAdmin(WARNED_CLUB, 'usr_pb_en', 'admin-en@pb.test', 'en');

    const first = await runTrialJob(t.app.ctx);
    // This club, and any other trial ending within the week (the demo's `judo-essai`).
    expect(first.warned).toBeGreaterThanOrEqual(1);
    const [warned] = await q<{ warned: boolean }>(sql`select end_warning_sent_at is not null as warned
      from licences where organization_id = ${WARNED_CLUB} and id = 'lic_pb_w1'`);
    expect(warned!.warned).toBe(true);
    const fr = await t.waitForMail('admin-fr@pb.test');
    expect(fr.subject).toContain("Votre période d'essai se termine le");
    expect(fr.text).toContain('Défaut (mensuel)');
    const en = await t.waitForMail('admin-en@pb.test');
    expect(en.subject).toContain('Your free trial ends on');

    const second = await runTrialJob(t.app.ctx);
    expect(second).toMatchObject({ warned: 0 });
    await t.app.ctx.queue.runUntilIdle();
    expect(t.inbox.mailsTo('admin-fr@pb.test')).toHaveLength(1);
  });

  it('ends the trial on its date and moves it to the next plan, once', async () => {
    t.clock.advance(6 * 86_400_000);
    try {
      const first = await runTrialJob(t.app.ctx);
      expect(first.ended).toBeGreaterThanOrEqual(1);
      const second = await runTrialJob(t.app.ctx);
      expect(second).toEqual({ ended: 0, warned: 0 });
      const licences = await q<{
        plan_key: string;
        ended: boolean;
        starts_at: string;
        ends_at: string | null;
      }>(
        sql`select plan_key, ended_at is not null as ended, starts_at::text, ends_at::text from licences
          where organization_id = ${WARNED_CLUB} order by starts_at`,
      );
      expect(licences.map((l) => [l.plan_key, l.ended])).toEqual([
        ['free-trial', true],
        ['default-monthly', false],
      ]);
      // The monthly plan starts when the trial ended, not when the job happened to run.
      expect(licences[1]!.starts_at).toBe(licences[0]!.ends_at);
      // The trial in the distant past of the statements test moved too? It has no end: untouched.
      const [trial] = await q<{ n: number }>(
        sql`select count(*)::int as n from licences where organization_id = ${TRIAL_CLUB}`,
      );
      expect(trial!.n).toBe(1);
    } finally {
      t.clock.advance(-6 * 86_400_000);
    }
  });
});

describe('the monthly statements', () => {
  let demoInvoiceId = '';
  let demoStatementId = '';

  it('issues each club its statement once, even run twice or twice at once', async () => {
    const before = await q<{ n: number }>(
      sql`select count(*)::int as n from invoices where organization_id = ${SYSTEM_ORGANIZATION_ID}`,
    );
    const [a, b] = await Promise.all([
      issueStatement(t.db, DEMO_ORGANIZATION_ID, MONTH, t.clock.now()),
      issueStatement(t.db, DEMO_ORGANIZATION_ID, MONTH, t.clock.now()),
    ]);
    expect([a, b].sort()).toEqual(['exists', 'issued']);
    const first = await issueMonthStatements(t.db, MONTH, t.clock.now());
    expect(first.issued).toBeGreaterThanOrEqual(1); // the pro rata club (and any other paying club)
    const second = await issueMonthStatements(t.db, MONTH, t.clock.now());
    expect(second.issued).toBe(0);
    const after = await q<{ n: number }>(
      sql`select count(*)::int as n from invoices where organization_id = ${SYSTEM_ORGANIZATION_ID}`,
    );
    expect(after[0]!.n - before[0]!.n).toBe(1 + first.issued);
    const links = await q<{
      client: string;
    }>(sql`select client_organization_id as client from platform_statements
      where month = ${MONTH} order by client_organization_id`);
    expect(links.map((l) => l.client)).toEqual(expect.arrayContaining([DEMO_ORGANIZATION_ID, PRORATA_CLUB]));
    // Free trial and unlimited plan: nothing billed, no invoice.
    expect(links.map((l) => l.client)).not.toContain(TRIAL_CLUB);
    expect(links.map((l) => l.client)).not.toContain(UNLIMITED_CLUB);
  });

  it('bills the plan fee plus 0,50 € per confirmed participant of the month', async () => {
    const r = await t.request('GET', '/api/platform/statements', {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
      query: { month: MONTH, organizationId: DEMO_ORGANIZATION_ID },
    });
    expect(r.statusCode).toBe(200);
    const page = r.json();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      month: MONTH,
      organizationId: DEMO_ORGANIZATION_ID,
      totalAmount: 3000,
      status: 'pending',
    });
    demoInvoiceId = page.items[0].invoiceId;
    demoStatementId = page.items[0].id;
    const detail = await t.request('GET', `/api/platform/statements/${demoStatementId}`, {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
    });
    expect(detail.statusCode).toBe(200);
    const lines = detail.json().invoice.lines;
    expect(
      lines.map((l: { description: string; quantity: number; unitPrice: number }) => [
        l.description,
        l.quantity,
        l.unitPrice,
      ]),
    ).toEqual([
      ['Abonnement Défaut (mensuel), mars 2025', 1, 2900],
      ['Participants confirmés, mars 2025 (formule Défaut (mensuel))', 2, 50],
    ]);
    expect(detail.json().invoice.seller.name).toBe('Administration de la plateforme');
    expect(detail.json().invoice.buyer.name).toBe('Club Sportif Démo');
  });

  it('bills a partial month pro rata by days', async () => {
    const r = await t.request('GET', '/api/platform/statements', {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
      query: { month: MONTH, organizationId: PRORATA_CLUB },
    });
    const [item] = r.json().items;
    // 22 to 31 March: 10 days of 31 → 29,00 € × 10 / 31 = 9,35 €.
    expect(item.totalAmount).toBe(935);
    const detail = (
      await t.request('GET', `/api/platform/statements/${item.id}`, {
        token: sysadmin,
        organizationId: SYSTEM_ORGANIZATION_ID,
        host: ADMIN_HOST,
      })
    ).json();
    expect(detail.invoice.lines[0].description).toBe('Abonnement Défaut (mensuel), mars 2025 (10/31 jours)');
    expect(detail.invoice.buyer).toMatchObject({
      companyName: `Club ${PRORATA_CLUB}`,
      vatNumber: 'BE0123456789',
      city: 'Namur',
    });
  });

  it('totals per month, filters by status and exports CSV', async () => {
    const r = await t.request('GET', '/api/platform/statements', {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
      query: { month: MONTH },
    });
    const page = r.json();
    const march = page.months.find((m: { month: string }) => m.month === MONTH);
    const sum = page.items.reduce((s: number, i: { totalAmount: number }) => s + i.totalAmount, 0);
    expect(march).toMatchObject({ count: page.items.length, totalAmount: sum });
    expect(sum).toBeGreaterThanOrEqual(3935);
    const paid = await t.request('GET', '/api/platform/statements', {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
      query: { month: MONTH, status: 'paid' },
    });
    expect(paid.json().items).toHaveLength(0);
    const csv = await t.request('GET', '/api/platform/statements/export.csv', {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
      query: { month: MONTH },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('"Mois";"Organisation"');
    expect(csv.body).toContain('"Club Sportif Démo";"demo"');
    expect(csv.body).toContain(';30,00;');
    expect(csv.body).toContain(';9,35;');
  });

  it('numbers the statements without gaps in the system organisation', async () => {
    const numbers = await q<{ number: string }>(sql`select number from invoices
      where organization_id = ${SYSTEM_ORGANIZATION_ID} order by number`);
    const sequence = numbers.map((n) => Number(n.number.split('-').at(-1)));
    expect(sequence[0]).toBe(1);
    sequence.forEach((value, index) => expect(value).toBe(index + 1));
  });

  it('gives the statement as a real PDF with its total', async () => {
    const r = await t.request('GET', `/api/invoices/${demoInvoiceId}/pdf`, {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(r.rawPayload);
    expect(text).toContain('30,00');
    expect(text).toContain('Participants confirmés');
  });

  it('lets only the system administrator read the platform statements', async () => {
    for (const [token, organizationId, host] of [
      [support, SYSTEM_ORGANIZATION_ID, ADMIN_HOST],
      [admin, DEMO_ORGANIZATION_ID, undefined],
      [manager, DEMO_ORGANIZATION_ID, undefined],
      [parent, DEMO_ORGANIZATION_ID, undefined],
    ] as const) {
      for (const path of [
        '/api/platform/statements',
        '/api/platform/statements/export.csv',
        `/api/platform/statements/${demoStatementId}`,
      ]) {
        expect((await t.request('GET', path, { token, organizationId, host })).statusCode).toBe(403);
      }
    }
    expect((await t.request('GET', '/api/platform/statements')).statusCode).toBe(401);
    const missing = await t.request('GET', '/api/platform/statements/pst_missing', {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a malformed filter in French and English', async () => {
    const fr = await t.request('GET', '/api/platform/statements', {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
      query: { month: '2025-13' },
    });
    expect(fr.statusCode).toBe(400);
    expect(JSON.stringify(fr.json().details)).toContain('Mois invalide (format AAAA-MM)');
    const en = await t.request('GET', '/api/platform/statements', {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
      query: { month: 'march', status: 'lost', pageSize: '1000' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(400);
    expect(JSON.stringify(en.json().details)).toContain('Invalid month (format YYYY-MM)');
    expect(
      en
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['month', 'pageSize', 'status']);
  });

  it('shows a club its own platform invoices with their PDF', async () => {
    const own = await t.request('GET', `/api/organizations/${DEMO_ORGANIZATION_ID}/platform-invoices`, {
      token: admin,
      organizationId: DEMO_ORGANIZATION_ID,
    });
    expect(own.statusCode).toBe(200);
    const item = own.json().items.find((i: { month: string }) => i.month === MONTH);
    expect(item).toMatchObject({ totalAmount: 3000, invoiceId: demoInvoiceId });
    const pdf = await t.request('GET', item.pdfUrl, { token: admin, organizationId: DEMO_ORGANIZATION_ID });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Staff read it too; a manager, a family and another club's administrator do not.
    const staff = await t.request('GET', `/api/organizations/${DEMO_ORGANIZATION_ID}/platform-invoices`, {
      token: support,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
    });
    expect(staff.statusCode).toBe(200);
    for (const token of [manager, parent]) {
      expect(
        (
          await t.request('GET', `/api/organizations/${DEMO_ORGANIZATION_ID}/platform-invoices`, {
            token,
            organizationId: DEMO_ORGANIZATION_ID,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await t.request('GET', item.pdfUrl, { token, organizationId: DEMO_ORGANIZATION_ID })).statusCode,
      ).toBe(403);
    }
    expect(
      (
        await t.request('GET', `/api/organizations/${PRORATA_CLUB}/platform-invoices`, {
          token: admin,
          organizationId: DEMO_ORGANIZATION_ID,
        })
      ).statusCode,
    ).toBe(403);
    // Another club's invoice through the demo club's path: not found.
    const prorata = await q<{ invoice_id: string }>(
      sql`select invoice_id from platform_statements where client_organization_id = ${PRORATA_CLUB}`,
    );
    const other = await t.request(
      'GET',
      `/api/organizations/${DEMO_ORGANIZATION_ID}/platform-invoices/${prorata[0]!.invoice_id}/pdf`,
      {
        token: admin,
        organizationId: DEMO_ORGANIZATION_ID,
      },
    );
    expect(other.statusCode).toBe(404);
  });

  it('credits a statement through invoicing like any invoice', async () => {
    const r = await t.request('POST', '/api/credit-notes', {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
      body: {
        invoiceId: demoInvoiceId,
        reason: 'Geste commercial',
        lines: [{ description: 'Geste commercial', quantity: 1, unitPrice: 3000, taxPercentage: 2100 }],
      },
    });
    expect(r.statusCode, r.body).toBeLessThan(300);
    const list = await t.request('GET', `/api/platform/statements/${demoStatementId}`, {
      token: sysadmin,
      organizationId: SYSTEM_ORGANIZATION_ID,
      host: ADMIN_HOST,
    });
    expect(list.json()).toMatchObject({ status: 'cancelled', creditedAmount: 3000, balance: 0 });
  });

  it('charges no VAT, and prints why, when the platform is exempt', async () => {
    await q(sql`update organizations set vat_regime = 'exempt',
        vat_exemption_mention = 'Franchise de TVA (art. 56bis du Code de la TVA)'
      where id = ${SYSTEM_ORGANIZATION_ID}`);
    try {
      expect(await issueStatement(t.db, PRORATA_CLUB, '2025-04', t.clock.now())).toBe('issued');
      const [statement] = await q<{ id: string }>(sql`select id from platform_statements
        where client_organization_id = ${PRORATA_CLUB} and month = '2025-04'`);
      const detail = (
        await t.request('GET', `/api/platform/statements/${statement!.id}`, {
          token: sysadmin,
          organizationId: SYSTEM_ORGANIZATION_ID,
          host: ADMIN_HOST,
        })
      ).json();
      // A whole month of the plan: 29,00 €, no VAT in it.
      expect(detail.invoice.totalAmount).toBe(2900);
      expect(detail.invoice.lines.map((l: { taxPercentage: number }) => l.taxPercentage)).toEqual([0]);
      expect(detail.invoice.taxAmount).toBe(0);
      const pdf = await t.request('GET', `/api/invoices/${detail.invoice.id}/pdf`, {
        token: sysadmin,
        organizationId: SYSTEM_ORGANIZATION_ID,
        host: ADMIN_HOST,
      });
      expect(await pdfText(pdf.rawPayload)).toContain('Franchise de TVA (art. 56bis du Code de la TVA)');
    } finally {
      await q(sql`update organizations set vat_regime = 'subject', vat_exemption_mention = null
        where id = ${SYSTEM_ORGANIZATION_ID}`);
    }
  });

  it('seeds the statements of the past three months through the job, once', async () => {
    // The demo seed issued its own; run again, the seed adds only the clubs created since (pro rata).
    const count = async () =>
      (await q<{ n: number }>(sql`select count(*)::int as n from platform_statements`))[0]!.n;
    const before = await count();
    const first = await seedPlatformStatements(t.db, t.clock.now());
    // The demo clubs and the pro rata club pay every one of the three months.
    expect(before + first).toBeGreaterThanOrEqual(6);
    expect(await count()).toBe(before + first);
    expect(await seedPlatformStatements(t.db, t.clock.now())).toBe(0);
    const numbers = await q<{ number: string }>(sql`select number from invoices
      where organization_id = ${SYSTEM_ORGANIZATION_ID} order by number`);
    const sequence = numbers.map((n) => Number(n.number.split('-').at(-1)));
    sequence.forEach((value, index) => expect(value).toBe(index + 1));
  });
});
