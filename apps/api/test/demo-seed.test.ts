import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { DEMO_ACCOUNTS, DEMO_CLUBS } from '../src/demo/accounts';
import { seedDatabase } from '../src/demo/seed';

/*
 * The demo family (parent@demo.test) finds a lived-in product on its first visit: upcoming sessions its
 * children are registered for, an order and its invoices. Seeded here as a first start seeds an empty
 * database, today, so "upcoming" is relative to the day the seed runs.
 */

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ pglite: new PGlite() });
  await migrate(handle);
  await seedDatabase(handle.db, { demo: true });
}, 300_000);
afterAll(() => handle?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await handle.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const FAMILY = sql`(select family_id from users where email = ${DEMO_ACCOUNTS.parent})`;

describe('the demo family after seeding', () => {
  it('has upcoming registrations for its children', async () => {
    const upcoming = await rows<{ first_name: string; status: string }>(sql`
      select m.first_name, p.status from participants p
      join services s on s.organization_id = p.organization_id and s.id = p.service_id
      join members m on m.organization_id = p.organization_id and m.id = p.member_id
      where p.family_id = ${FAMILY} and s.start_date_time > now() and p.status = 'confirmed'
      order by m.first_name`);
    expect(upcoming.map((r) => r.first_name)).toEqual(['Léa', 'Tom']);
  });

  it('has an order and its invoices: one paid, one to pay by transfer (and last summer’s camp, paid)', async () => {
    const orders = await rows<{ status: string }>(
      sql`select status from orders where family_id = ${FAMILY} order by status`,
    );
    expect(orders.map((o) => o.status)).toEqual(['completed', 'completed', 'pending']);
    const invoices = await rows<{ status: string; number: string | null }>(
      sql`select status, number from invoices where family_id = ${FAMILY} order by status`,
    );
    expect(invoices.map((i) => i.status)).toEqual(['paid', 'paid', 'pending']);
    expect(invoices.every((i) => Boolean(i.number))).toBe(true);
  });

  it("has last year's certificates: Léa's health-mutual one and both children's 281.86, in a ready batch", async () => {
    const lastYear = new Date().getUTCFullYear() - 1;
    const issued = await rows<{ kind: string; year: number; amount_cents: string; ready: boolean }>(sql`
      select c.kind, c.year, c.amount_cents::text, d.status = 'ready' as ready
      from certificates c join documents d on d.organization_id = c.organization_id and d.id = c.document_id
      where c.family_id = ${FAMILY} order by c.kind, c.number`);
    expect(issued).toEqual([
      { kind: 'health-mutual', year: lastYear, amount_cents: '11000', ready: true },
      { kind: 'tax', year: lastYear, amount_cents: '11000', ready: true },
      { kind: 'tax', year: lastYear, amount_cents: '11000', ready: true },
    ]);
    const [profile] = await rows<{ complete: boolean }>(sql`
      select mutual_seal is not null and signature_stamp is not null as complete
      from organizations where id = 'org_demo'`);
    expect(profile!.complete).toBe(true);
    const [batch] = await rows<{ status: string; done: number; total: number }>(sql`
      select status, progress_done as done, progress_total as total from documents
      where organization_id = 'org_demo' and source_id like 'certificate-batch:tax:%'`);
    expect(batch).toEqual({ status: 'ready', done: 2, total: 2 });
  });
});

describe('the demo club after seeding', () => {
  it('has a published ROI and legal mentions, already accepted by the demo accounts', async () => {
    const legal = await rows<{ kind: string; version: number; file: boolean }>(sql`
      select d.kind, d.version, exists (select 1 from document_chunks c
        where c.organization_id = d.organization_id and c.document_id = d.id) as file
      from documents d join organizations o on o.id = d.organization_id
      where d.organization_id = 'org_demo' and d.published_at is not null
        and d.published_at = case d.kind when 'legal.roi' then o.roi_published_at
          else o.legal_mentions_published_at end
      order by d.kind`);
    expect(legal).toEqual([
      { kind: 'legal.mentions', version: 1, file: true },
      { kind: 'legal.roi', version: 1, file: true },
    ]);
    const pending = await rows<{ email: string }>(sql`
      select u.email from users u join organizations o on o.id = u.organization_id
      where u.organization_id = 'org_demo' and (u.has_accepted_roi_at is null
        or u.has_accepted_roi_at < o.roi_published_at or u.has_accepted_legal_mentions_at is null)`);
    expect(pending).toEqual([]);
  });

  it('has an order in every status, placed through the cart and the checkout, with their invoices', async () => {
    const orders = await rows<{ status: string; payment_provider: string; n: number }>(sql`
      select status, payment_provider, count(*)::int as n from orders
      where organization_id = 'org_demo' group by status, payment_provider order by status, payment_provider`);
    expect(orders.map((o) => `${o.status}/${o.payment_provider}`)).toEqual([
      'cancelled/offline',
      'completed/offline',
      'pending/offline',
      'require-action/mollie',
    ]);
    const invoices = await rows<{ status: string }>(
      sql`select distinct status from invoices where organization_id = 'org_demo' order by status`,
    );
    expect(invoices.map((i) => i.status)).toEqual(['cancelled', 'overdue', 'paid', 'pending']);
    // One for the cancelled order, three for the session the club cancelled (see below).
    const [credits] = await rows<{ n: number }>(
      sql`select count(*)::int as n from credit_notes where organization_id = 'org_demo'`,
    );
    expect(credits!.n).toBe(4);
    // Every seat held is a live participant's (the services took them), and no e-mail waits to leave.
    const [seats] = await rows<{ wrong: number }>(sql`
      select count(*)::int as wrong from services s where s.reserved_seats <> (select count(*) from participants p
        where p.organization_id = s.organization_id and p.service_id = s.id and p.holds_seat)`);
    expect(seats!.wrong).toBe(0);
    const [jobs] = await rows<{ n: number }>(
      sql`select count(*)::int as n from jobs where status = 'queued'`,
    );
    expect(jobs!.n).toBe(0);
  });
});

describe('the demo holder after seeding', () => {
  it('never holds two sessions at once', async () => {
    const overlaps = await rows<{ a: string; b: string }>(sql`
      with held as (
        select s.id, s.start_date_time as start_at,
               s.start_date_time + make_interval(mins => s.duration) as end_at
        from prestations p
        join services s on s.organization_id = p.organization_id and s.id = p.service_id
        join users u on u.organization_id = p.organization_id and u.id = p.holder_user_id
        where p.organization_id = 'org_demo' and u.email = ${DEMO_ACCOUNTS.holder}
          and s.status <> 'cancelled')
      select x.id as a, y.id as b from held x join held y
        on x.id < y.id and x.start_at < y.end_at and y.start_at < x.end_at`);
    expect(overlaps).toEqual([]);
  });

  it('has children and attendance on the past sessions of each weekly activity he coaches', async () => {
    const held = await rows<{ activity: string; sessions: number; attended: number; marked: number }>(sql`
      select b.name as activity, count(distinct s.id)::int as sessions,
        count(distinct s.id) filter (where exists (select 1 from participants pa
          where pa.organization_id = s.organization_id and pa.service_id = s.id
            and pa.status in ('confirmed', 'absent')))::int as attended,
        count(distinct s.id) filter (where exists (select 1 from attendance_marks am
          where am.organization_id = s.organization_id and am.service_id = s.id))::int as marked
      from prestations p
      join services s on s.organization_id = p.organization_id and s.id = p.service_id
      join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
      join users u on u.organization_id = p.organization_id and u.id = p.holder_user_id
      where p.organization_id = 'org_demo' and u.email = ${DEMO_ACCOUNTS.holder}
        and s.status = 'confirmed' and s.start_date_time < date_trunc('day', now())
        and s.start_date_time >= now() - interval '35 days'
        and b.name in ('Natation enfants', 'Football 6-12 ans', 'Tennis')
      group by b.name order by b.name`);
    expect(held.map((h) => h.activity)).toEqual(['Football 6-12 ans', 'Natation enfants', 'Tennis']);
    for (const h of held) {
      expect(h.sessions, h.activity).toBeGreaterThan(0);
      expect(h.attended, h.activity).toBe(h.sessions);
      expect(h.marked, h.activity).toBe(h.sessions);
    }
    // His next swimming sessions have children coming too.
    const coming = await rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select s.id from services s
        join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
        where s.organization_id = 'org_demo' and b.name = 'Natation enfants' and s.status = 'confirmed'
          and s.start_date_time >= now()
        order by s.start_date_time limit 3) next
      where exists (select 1 from participants pa where pa.organization_id = 'org_demo'
        and pa.service_id = next.id and pa.status = 'confirmed')`);
    expect(coming[0]!.n).toBe(3);
  });
});

describe('the sessions the demo club changed', () => {
  it('cancelled a session and compensated each of its families with a credit note; postponed the next one', async () => {
    const cancelled = await rows<{
      id: string;
      reason: string;
      total_amount: number;
      cancel_reason: string;
    }>(sql`
      select s.id, cn.reason, cn.total_amount, p.cancel_reason
      from services s
      join participants p on p.organization_id = s.organization_id and p.service_id = s.id
      join invoice_lines il on il.organization_id = p.organization_id
        and il.order_line_id = (select ol.id from order_lines ol where ol.organization_id = p.organization_id and ol.participant_id = p.id)
      join credit_note_lines cl on cl.organization_id = il.organization_id and cl.invoice_line_id = il.id
      join credit_notes cn on cn.organization_id = cl.organization_id and cn.id = cl.credit_note_id
      where s.organization_id = 'org_demo' and s.status = 'cancelled' and p.cancel_reason = 'session-cancelled'`);
    expect(cancelled).toHaveLength(3);
    expect(new Set(cancelled.map((r) => r.id)).size).toBe(1);
    expect(
      cancelled.every((r) => r.reason === "Séance annulée par l'organisation" && r.total_amount === 1100),
    ).toBe(true);
    const [audit] = await rows<{ n: number }>(sql`select count(*)::int as n from audit_events
      where organization_id = 'org_demo' and type = 'prestation-cancelled' and subject_id = ${cancelled[0]!.id}`);
    expect(audit!.n).toBe(1);
    const postponed = await rows<{ confirmed: number }>(sql`
      select (select count(*)::int from participants p where p.organization_id = s.organization_id
        and p.service_id = s.id and p.status = 'confirmed') as confirmed
      from services s join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
      where s.organization_id = 'org_demo' and s.status = 'postponed' and b.name = 'Natation enfants'
        and s.start_date_time > now()`);
    expect(postponed.map((r) => r.confirmed)).toEqual([3]);
  });
});

describe("the platform's other demo clubs after seeding", () => {
  it('the paid club (aquatique) has activities, members and confirmed registrations this month', async () => {
    const [club] = await rows<{ activities: number; families: number; confirmed: number }>(sql`
      select
        (select count(*)::int from blueprints where organization_id = ${DEMO_CLUBS.paid.id}) as activities,
        (select count(*)::int from families where organization_id = ${DEMO_CLUBS.paid.id}) as families,
        (select count(distinct p.id)::int from participants p
          join services s on s.organization_id = p.organization_id and s.id = p.service_id
          where p.organization_id = ${DEMO_CLUBS.paid.id} and p.status = 'confirmed'
            and date_trunc('month', s.start_date_time at time zone 'Europe/Brussels')
              = date_trunc('month', now() at time zone 'Europe/Brussels')) as confirmed`);
    expect(club!.activities).toBe(2);
    expect(club!.families).toBeGreaterThanOrEqual(4);
    expect(club!.confirmed).toBeGreaterThan(0);
  });

  it('judo-essai is in its free trial, which ends in five days; tennis-ancien is archived; each has an administrator', async () => {
    const [trial] = await rows<{ days: number }>(sql`
      select round(extract(epoch from l.ends_at - now()) / 86400)::int as days from licences l
      where l.organization_id = ${DEMO_CLUBS.trial.id} and l.ended_at is null`);
    expect(trial!.days).toBe(5);
    const clubs = await rows<{ key: string; archived: boolean; admin: string }>(sql`
      select o.key, o.archived_at is not null as archived, u.email as admin from organizations o
      join users u on u.organization_id = o.id and u.role = 'admin'
      where o.id in (${DEMO_CLUBS.paid.id}, ${DEMO_CLUBS.trial.id}, ${DEMO_CLUBS.archived.id})
      order by o.key`);
    expect(clubs).toEqual([
      { key: 'aquatique', archived: false, admin: DEMO_CLUBS.paid.admin },
      { key: 'judo-essai', archived: false, admin: DEMO_CLUBS.trial.admin },
      { key: 'tennis-ancien', archived: true, admin: DEMO_CLUBS.archived.admin },
    ]);
  });
});

describe('licences after seeding', () => {
  it('puts every organisation on one current licence: the platform unlimited, the clubs on theirs', async () => {
    const current = await rows<{ key: string; plan_key: string; ends_at: Date | null }>(sql`
      select o.key, l.plan_key, l.ends_at from licences l
      join organizations o on o.id = l.organization_id
      where l.ended_at is null order by o.key`);
    // The seed's other clubs (issue 16) have theirs too: a paid one, one in trial, an archived one.
    expect(current.map(({ key, plan_key }) => ({ key, plan_key }))).toEqual([
      { key: 'admin', plan_key: 'unlimited' },
      { key: 'aquatique', plan_key: 'default-monthly' },
      { key: 'demo', plan_key: 'default-monthly' },
      { key: 'judo-essai', plan_key: 'free-trial' },
      { key: 'tennis-ancien', plan_key: 'default-monthly' },
    ]);
    expect(current.filter((l) => l.key !== 'judo-essai').every((l) => l.ends_at === null)).toBe(true);
  });

  it('seeds the plans of specification section 4, the free trial moving to the monthly plan', async () => {
    const plans = await rows<{ key: string; name: string; trial_days: number; next_plan_key: string | null }>(
      sql`select key, name, trial_days, next_plan_key from pricing_plans order by sort_order`,
    );
    expect(plans.map((p) => [p.key, p.name])).toEqual([
      ['free-trial', 'Gratuit'],
      ['default-monthly', 'Défaut (mensuel)'],
      ['test', 'Test'],
      ['unlimited', 'Illimité'],
      ['none', 'Aucun'],
    ]);
    expect(plans[0]).toMatchObject({ trial_days: 30, next_plan_key: 'default-monthly' });
  });
});

describe('platform statements after seeding', () => {
  it('bills the paying clubs for the past months: paid by transfer, all but the last month', async () => {
    const statements = await rows<{ month: string; status: string; due: string }>(sql`
      select s.month, i.status, (i.total_amount - i.paid_amount - i.credited_amount)::text as due
      from platform_statements s
      join invoices i on i.organization_id = s.organization_id and i.id = s.invoice_id
      order by s.month`);
    const months = [...new Set(statements.map((s) => s.month))];
    expect(months.length).toBeGreaterThanOrEqual(2);
    const last = months.at(-1)!;
    for (const statement of statements) {
      if (statement.month === last) expect(statement.status).not.toBe('paid');
      else expect(statement).toMatchObject({ status: 'paid', due: '0' });
    }
  });
});

describe('the demo recovery tokens', () => {
  it('the demo family has tokens in each status, available ones to use', async () => {
    const tokens = await rows<{ status: string; n: number }>(sql`
      select status, count(*)::int as n from recovery_tokens where family_id = ${FAMILY}
      group by status order by status`);
    expect(tokens.map((t) => t.status)).toEqual(['available', 'cancelled', 'expired', 'used']);
    const seats = await rows<{ id: string }>(sql`
      select s.id from services s where s.organization_id = 'org_demo' and s.reserved_seats <>
        (select count(*) from participants p
          where p.organization_id = s.organization_id and p.service_id = s.id and p.holds_seat)`);
    expect(seats).toEqual([]);
  });
});
