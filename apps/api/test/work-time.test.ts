import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prestations, services } from '../src/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo/accounts';
import { createActivity } from '../src/factories/activities';
import { hashPassword } from '../src/lib/password';
import { createUserRepository } from '../src/modules/users/user.repository';
import { pdfText } from './helpers/pdf-text';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Holders' work time (`/work-time`, issue #21): hours computed from the sessions held, on their local
 * day across the clock changes, without the sessions missed or cancelled, plus corrections; months
 * submitted, validated or rejected; a holder sees only their own; exports for payroll; volunteers'
 * allowances and ceilings.
 */

type Who = 'manager' | 'estManager' | 'parent' | 'coach' | 'swimCoach' | 'volunteer';

let t: TestApp;
const tokens = {} as Record<Who, string>;
const ids = {} as Record<Who, string>;
const ORG = 'org_demo';
const serviceIds: Record<string, string> = {};

const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, body?: unknown) =>
  t.request(method, url, { token: tokens[who], organizationId: ORG, body });

interface Month {
  status: string;
  editable: boolean;
  managerNote: string | null;
  days: {
    day: string;
    minutes: number;
    sessions: { serviceId: string; minutes: number; excludedBecause: string | null }[];
    corrections: { id: string; minutes: number; note: string }[];
  }[];
  weeks: { weekStart: string; minutes: number }[];
  totals: { sessionMinutes: number; correctionMinutes: number; totalMinutes: number; sessions: number };
  allowance: { units: number; dueCents: number; yearToDateCents: number } | null;
  warnings: string[];
}

const monthOf = async (who: Who, month: string, holder?: Who) => {
  const query = holder ? `&holderId=${ids[holder]}` : '';
  const r = await call(who, 'GET', `/api/work-time?month=${month}${query}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Month;
};

async function prestationOf(serviceId: string) {
  const [row] = await t.db
    .select({ id: prestations.id })
    .from(prestations)
    .where(and(eq(prestations.organizationId, ORG), eq(prestations.serviceId, serviceId)));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'estManager', 'parent'] as const) {
    const session = await t.signIn(DEMO_ACCOUNTS[who]);
    tokens[who] = session.accessToken;
    ids[who] = session.user.id;
  }
  const users = createUserRepository(t.db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const holders = [
    ['coach', 'coach.wt@demo.test', 'Inès', 'Lemoine', 'est_default'],
    ['swimCoach', 'swim.wt@demo.test', 'Bruno', 'Nageur', 'est_piscine'],
    ['volunteer', 'volunteer.wt@demo.test', 'Vera', 'Bénévole', 'est_default'],
  ] as const;
  for (const [who, email, firstName, lastName, establishmentId] of holders) {
    const account = await users.createAccount(ORG, {
      email,
      passwordHash,
      isHolder: true,
      establishmentId,
      person: { firstName, lastName },
    });
    ids[who] = account.user.id;
    tokens[who] = (await t.signIn(email)).accessToken;
  }

  const coach = [{ userId: ids.coach }];
  const named = async (names: string[], sessions: Parameters<typeof createActivity>[1]['sessions']) => {
    const { serviceIds: created } = await createActivity(t.db, { name: 'Football U10', sessions });
    names.forEach((name, i) => (serviceIds[name] = created[i]!));
  };
  await named(
    [
      'march-dst',
      'march-sunday-night',
      'march-absent',
      'march-cancelled',
      'march-31',
      'september',
      'sept-absent',
    ],
    [
      // 29 March 2026, clocks forward at 02:00: 01:30 CET for 120 minutes, and 00:30 local (23:30 UTC on the 28th).
      { start: new Date('2026-03-29T00:30:00Z'), duration: 120, holders: coach },
      { start: new Date('2026-03-28T23:30:00Z'), duration: 60, holders: coach },
      {
        start: new Date('2026-03-10T16:00:00Z'),
        duration: 90,
        holders: [{ userId: ids.coach, absent: true }],
      },
      { start: new Date('2026-03-11T16:00:00Z'), duration: 90, holders: coach, status: 'cancelled' },
      // 23:30 CEST on 31 March (21:30 UTC): still March.
      { start: new Date('2026-03-31T21:30:00Z'), duration: 30, holders: coach },
      { start: new Date('2026-09-16T15:00:00Z'), duration: 90, holders: coach },
      { start: new Date('2026-09-23T15:00:00Z'), duration: 90, holders: coach },
    ],
  );
  await named(
    ['oct-first', 'oct-second', 'nov-first'],
    [
      // 25 October 2026, clocks back at 03:00: 02:30 CEST then 02:30 CET, both on the 25th.
      { start: new Date('2026-10-25T00:30:00Z'), duration: 60, holders: coach },
      { start: new Date('2026-10-25T01:30:00Z'), duration: 60, holders: coach },
      // 00:30 CET on 1 November is 23:30 UTC on 31 October: November.
      { start: new Date('2026-10-31T23:30:00Z'), duration: 60, holders: coach },
    ],
  );
  const { serviceIds: swim } = await createActivity(t.db, {
    name: 'Natation adultes',
    establishmentId: 'est_piscine',
    sessions: [
      { start: new Date('2026-09-10T17:00:00Z'), duration: 45, holders: [{ userId: ids.swimCoach }] },
    ],
  });
  serviceIds.swim = swim[0]!;
  const volunteer = [{ userId: ids.volunteer }];
  await createActivity(t.db, {
    name: 'Mini-foot',
    sessions: [
      { start: new Date('2026-04-14T08:00:00Z'), duration: 60, holders: volunteer },
      { start: new Date('2026-05-12T08:00:00Z'), duration: 60, holders: volunteer },
      { start: new Date('2026-05-12T12:00:00Z'), duration: 60, holders: volunteer },
      { start: new Date('2026-05-19T08:00:00Z'), duration: 60, holders: volunteer },
    ],
  });
});
afterAll(() => t.close());

/** Today in the demo club's time zone ('YYYY-MM-DD'): its months start at its midnight, not UTC's. */
const clubToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date());

describe('hours of a month', () => {
  it('counts sessions on their local day across the March clock change, without absences and cancellations', async () => {
    const march = await monthOf('coach', '2026-03');
    expect(march.days.map((d) => [d.day, d.minutes])).toEqual([
      ['2026-03-10', 0],
      ['2026-03-11', 0],
      ['2026-03-29', 180],
      ['2026-03-31', 30],
    ]);
    expect(march.days[0]!.sessions[0]).toMatchObject({
      serviceId: serviceIds['march-absent'],
      minutes: 0,
      excludedBecause: 'holder-absent',
    });
    expect(march.days[1]!.sessions[0]!.excludedBecause).toBe('session-cancelled');
    expect(march.totals).toMatchObject({ sessionMinutes: 210, totalMinutes: 210, sessions: 3 });
    expect(march.weeks).toEqual([
      { weekStart: '2026-03-09', minutes: 0 },
      { weekStart: '2026-03-23', minutes: 180 },
      { weekStart: '2026-03-30', minutes: 30 },
    ]);
  });

  it('puts both 02:30 sessions of the October night on the 25th and 00:30 on 1 November in November', async () => {
    const october = await monthOf('coach', '2026-10');
    expect(october.days.map((d) => [d.day, d.minutes])).toEqual([['2026-10-25', 120]]);
    const november = await monthOf('coach', '2026-11');
    expect(november.days.find((d) => d.day === '2026-11-01')?.minutes).toBe(60);
  });

  it('removes a session once the holder declares their absence', async () => {
    const before = await monthOf('coach', '2026-09');
    expect(before.totals.sessionMinutes).toBe(180);
    const prestationId = await prestationOf(serviceIds['sept-absent']!);
    const r = await call('coach', 'PATCH', `/api/prestations/${prestationId}/absence`, {
      absent: true,
      note: 'Malade',
    });
    expect(r.statusCode, r.body).toBe(200);
    const after = await monthOf('coach', '2026-09');
    expect(after.totals).toMatchObject({ sessionMinutes: 90, sessions: 1 });
    expect(after.days.find((d) => d.day === '2026-09-23')?.sessions[0]?.excludedBecause).toBe(
      'holder-absent',
    );
  });
});

describe('corrections', () => {
  it('adds, changes and removes time on a day, with a note', async () => {
    let r = await call('coach', 'POST', '/api/work-time/corrections', {
      day: '2026-09-19',
      minutes: 240,
      note: 'Tournoi régional',
    });
    expect(r.statusCode, r.body).toBe(200);
    let month = r.json() as Month;
    const tournament = month.days.find((d) => d.day === '2026-09-19')!;
    expect(tournament).toMatchObject({
      minutes: 240,
      corrections: [{ minutes: 240, note: 'Tournoi régional' }],
    });
    expect(month.totals).toMatchObject({ correctionMinutes: 240, totalMinutes: 330 });

    r = await call('coach', 'POST', '/api/work-time/corrections', {
      day: '2026-09-16',
      minutes: -30,
      note: 'Parti plus tôt',
    });
    month = r.json() as Month;
    expect(month.days.find((d) => d.day === '2026-09-16')?.minutes).toBe(60);

    const id = tournament.corrections[0]!.id;
    r = await call('coach', 'PUT', `/api/work-time/corrections/${id}`, {
      day: '2026-09-20',
      minutes: 180,
      note: 'Tournoi régional (dimanche)',
    });
    expect(r.statusCode, r.body).toBe(200);
    month = r.json() as Month;
    expect(month.days.map((d) => [d.day, d.minutes])).toEqual([
      ['2026-09-16', 60],
      ['2026-09-20', 180],
      ['2026-09-23', 0],
    ]);

    // Another holder can neither change nor remove it.
    expect((await call('swimCoach', 'DELETE', `/api/work-time/corrections/${id}`)).statusCode).toBe(404);
    r = await call('coach', 'DELETE', `/api/work-time/corrections/${id}`);
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as Month).totals).toMatchObject({ correctionMinutes: -30, totalMinutes: 60 });
  });

  it('refuses bad input with French field messages', async () => {
    const cases: [unknown, string][] = [
      [{ day: '2026-09-31', minutes: 60, note: 'x' }, 'day'],
      [{ day: '2026-09-10', minutes: 0, note: 'x' }, 'minutes'],
      [{ day: '2026-09-10', minutes: 1441, note: 'x' }, 'minutes'],
      [{ day: '2026-09-10', minutes: 1.5, note: 'x' }, 'minutes'],
      [{ day: '2026-09-10', minutes: 60, note: '' }, 'note'],
      [{ day: '2026-09-10', minutes: 60, note: 'x'.repeat(1001) }, 'note'],
      [{ day: '2026-09-10', minutes: 60, note: 'x', holderUserId: ids.swimCoach }, ''],
    ];
    for (const [body, field] of cases) {
      const r = await call('coach', 'POST', '/api/work-time/corrections', body);
      expect(r.statusCode, r.body).toBe(400);
      const error = r.json() as { error: string; details: { field: string; message: string }[] };
      expect(error.error).toBe('validation_failed');
      if (field) expect(error.details.map((d) => d.field)).toContain(field);
    }
    const r = await call('coach', 'POST', '/api/work-time/corrections', {
      day: '2026-09-10',
      minutes: 0,
      note: 'x',
    });
    expect((r.json() as { details: { message: string }[] }).details[0]!.message).toMatch(
      /minutes entre -1440 et 1440/,
    );
    // Only a day of the month being edited, within the months a holder may correct (the test runs on the real clock).
    const today = clubToday();
    const dayMessage = async (body: Record<string, unknown>) => {
      const refused = await call('coach', 'POST', '/api/work-time/corrections', {
        minutes: 60,
        note: 'Réunion',
        ...body,
      });
      expect(refused.statusCode, refused.body).toBe(400);
      const details = (refused.json() as { details: { field: string; message: string }[] }).details;
      expect(details.map((d) => d.field)).toEqual(['day']);
      return details[0]!.message;
    };
    expect(await dayMessage({ day: '2026-08-31', month: '2026-09' })).toBe(
      'Choisissez un jour du mois que vous corrigez',
    );
    expect(await dayMessage({ day: '1900-01-01' })).toMatch(
      /^Choisissez un jour entre le 01\/\d{2}\/\d{4} et le /,
    );
    expect(await dayMessage({ day: '2199-12-31' })).toMatch(/^Choisissez un jour entre le /);
    const inTwoMonths = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) + 1, 1));
    expect(await dayMessage({ day: inTwoMonths.toISOString().slice(0, 10) })).toMatch(/^Choisissez un jour/);
    const badMonth = await call('coach', 'GET', '/api/work-time?month=2026-13');
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.body).toContain('Mois invalide');
  });
});

describe('rights', () => {
  it("never shows a holder another holder's hours", async () => {
    expect((await call('swimCoach', 'GET', `/api/work-time?holderId=${ids.coach}`)).statusCode).toBe(403);
    expect((await call('parent', 'GET', '/api/work-time')).statusCode).toBe(403);
    expect(
      (
        await call('parent', 'POST', '/api/work-time/corrections', {
          day: '2026-09-10',
          minutes: 60,
          note: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('coach', 'GET', '/api/work-time/months/2026-09')).statusCode).toBe(403);
    expect(
      (await call('coach', 'POST', `/api/work-time/months/2026-09/holders/${ids.coach}/validate`)).statusCode,
    ).toBe(403);
    expect(
      (
        await call('manager', 'POST', '/api/work-time/corrections', {
          day: '2026-09-10',
          minutes: 60,
          note: 'x',
        })
      ).statusCode,
    ).toBe(403);
  });

  it("lets a manager read any holder's month, and an establishment manager only their establishment's", async () => {
    const r = await call('manager', 'GET', '/api/work-time?month=2026-09');
    expect(r.statusCode).toBe(400);
    expect((r.json() as { details: { field: string }[] }).details[0]!.field).toBe('holderId');
    expect((await monthOf('manager', '2026-09', 'coach')).totals.sessionMinutes).toBe(90);
    expect((await monthOf('estManager', '2026-09', 'swimCoach')).totals.sessionMinutes).toBe(45);
    expect(
      (await call('estManager', 'GET', `/api/work-time?month=2026-09&holderId=${ids.coach}`)).statusCode,
    ).toBe(404);

    const overview = await call('estManager', 'GET', '/api/work-time/months/2026-09');
    expect(overview.statusCode, overview.body).toBe(200);
    const names = (overview.json() as { items: { displayName: string }[] }).items.map((i) => i.displayName);
    expect(names).toContain('Bruno Nageur');
    expect(names).not.toContain('Inès Lemoine');
  });
});

describe('submitting and validating a month', () => {
  it('locks the month once submitted, sends it back with a note, then validates it for good', async () => {
    let r = await call('coach', 'POST', '/api/work-time/months/2026-09/submit');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'submitted', editable: false });
    const locked = await call('coach', 'POST', '/api/work-time/corrections', {
      day: '2026-09-12',
      minutes: 60,
      note: 'Réunion',
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      error: 'work_month_locked',
      details: [
        {
          field: 'day',
          message: 'Ce mois a déjà été soumis ou validé : ses heures ne peuvent plus être modifiées.',
        },
      ],
    });
    expect((await call('coach', 'POST', '/api/work-time/months/2026-09/submit')).statusCode).toBe(409);

    // The manager's overview shows it submitted; a reject needs a note.
    const overview = (await call('manager', 'GET', '/api/work-time/months/2026-09?q=Lemoine')).json() as {
      items: { holderId: string; status: string; totals: { totalMinutes: number } }[];
    };
    expect(overview.items).toEqual([
      expect.objectContaining({
        holderId: ids.coach,
        status: 'submitted',
        totals: expect.objectContaining({ totalMinutes: 60 }),
      }),
    ]);
    const waiting = (
      await call('manager', 'GET', '/api/work-time/months/2026-09?status=submitted')
    ).json() as {
      items: { holderId: string }[];
    };
    expect(waiting.items.map((i) => i.holderId)).toContain(ids.coach);
    expect((await call('manager', 'GET', '/api/work-time/months/2026-09?status=late')).statusCode).toBe(400);
    const url = `/api/work-time/months/2026-09/holders/${ids.coach}`;
    expect((await call('manager', 'POST', `${url}/reject`, {})).statusCode).toBe(400);
    r = await call('manager', 'POST', `${url}/reject`, { note: 'Il manque la réunion du 12.' });
    expect(r.statusCode, r.body).toBe(200);
    const rejected = await monthOf('coach', '2026-09');
    expect(rejected).toMatchObject({
      status: 'rejected',
      editable: true,
      managerNote: 'Il manque la réunion du 12.',
    });

    r = await call('coach', 'POST', '/api/work-time/corrections', {
      day: '2026-09-12',
      minutes: 60,
      note: 'Réunion',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((await call('coach', 'POST', '/api/work-time/months/2026-09/submit')).statusCode).toBe(200);
    r = await call('manager', 'POST', `${url}/validate`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'validated', editable: false, totals: { totalMinutes: 120 } });

    // Validated: no correction on its days, no new submission, no second decision.
    const correction = (await monthOf('coach', '2026-09')).days.find((d) => d.day === '2026-09-12')!
      .corrections[0]!;
    for (const attempt of [
      () =>
        call('coach', 'POST', '/api/work-time/corrections', {
          day: '2026-09-02',
          minutes: 30,
          note: 'Oubli',
        }),
      () =>
        call('coach', 'PUT', `/api/work-time/corrections/${correction.id}`, {
          day: '2026-09-12',
          minutes: 90,
          note: 'Réunion',
        }),
      () => call('coach', 'DELETE', `/api/work-time/corrections/${correction.id}`),
      () => call('coach', 'POST', '/api/work-time/months/2026-09/submit'),
    ]) {
      const refused = await attempt();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'work_month_locked' });
    }
    const again = await call('manager', 'POST', `${url}/reject`, { note: 'Trop tard' });
    expect(again.json()).toMatchObject({ error: 'work_month_not_submitted' });
    expect((await monthOf('coach', '2026-09')).totals.totalMinutes).toBe(120);

    // A session of the month cancelled afterwards: the validated figures stay what payroll was given.
    await t.db
      .update(services)
      .set({ status: 'cancelled' })
      .where(and(eq(services.organizationId, ORG), eq(services.id, serviceIds.september!)));
    const frozen = await monthOf('coach', '2026-09');
    expect(frozen.totals).toMatchObject({ sessionMinutes: 90, totalMinutes: 120 });
    expect(frozen.days.find((d) => d.day === '2026-09-16')?.sessions[0]?.excludedBecause).toBeNull();
  });

  it('refuses to submit a month that is not over, and to validate a draft', async () => {
    const future = await call('coach', 'POST', '/api/work-time/months/2099-01/submit');
    expect(future.json()).toMatchObject({ error: 'work_month_not_over' });
    const thisMonth = clubToday().slice(0, 7);
    const current = await call('coach', 'POST', `/api/work-time/months/${thisMonth}/submit`);
    expect(current.statusCode).toBe(409);
    expect(current.json()).toMatchObject({ error: 'work_month_not_over' });
    const draft = await call(
      'manager',
      'POST',
      `/api/work-time/months/2026-03/holders/${ids.coach}/validate`,
    );
    expect(draft.json()).toMatchObject({ error: 'work_month_not_submitted' });
  });

  it('exports the month for payroll as CSV and as a PDF with a page per holder and the sign-off date', async () => {
    const csv = await call('manager', 'GET', '/api/work-time/months/2026-09/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('heures-prestees-2026-09.csv');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Titulaire;E-mail;Mois;Statut;Séances;Minutes des séances;Minutes de corrections;Total (minutes);Total (heures);Volontaire;Indemnité due;Validé le;Validé par;Note du gestionnaire',
    );
    const line = lines.find((l) => l.startsWith('Inès Lemoine;'))!;
    expect(line).toMatch(
      /^Inès Lemoine;coach\.wt@demo\.test;2026-09;Validé;1;90;30;120;2,00;Non;;\d{2}\/\d{2}\/\d{4};Marc Lambert;/,
    );
    expect(lines.find((l) => l.startsWith('Bruno Nageur;'))).toContain(';Brouillon;1;45;0;45;0,75;');
    expect((await call('estManager', 'GET', '/api/work-time/months/2026-09/export.csv')).body).not.toContain(
      'Inès',
    );

    const pdf = await call('manager', 'GET', '/api/work-time/months/2026-09/export.pdf');
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Heures prestées – septembre 2026');
    expect(text).toContain('Inès Lemoine');
    expect(text).toMatch(/Validé le \d{2}\/\d{2}\/\d{4} par Marc Lambert/);
    expect(text).toContain('Total du mois : 2h00');
    expect((await call('coach', 'GET', '/api/work-time/months/2026-09/export.csv')).statusCode).toBe(403);
  });
});

describe('a holder who left', () => {
  it('is still in the exports, the overview and the detail of the months they worked, not in the others', async () => {
    const users = createUserRepository(t.db);
    const account = await users.createAccount(ORG, {
      email: 'leaver.wt@demo.test',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      isHolder: true,
      establishmentId: 'est_default',
      person: { firstName: 'Léo', lastName: 'Parti' },
    });
    await createActivity(t.db, {
      name: 'Basket U12',
      sessions: [
        { start: new Date('2026-08-12T15:00:00Z'), duration: 60, holders: [{ userId: account.user.id }] },
      ],
    });
    // He is no longer a holder of the club.
    await t.database.query(`update users set is_holder = false where organization_id = $1 and id = $2`, [
      ORG,
      account.user.id,
    ]);
    const csv = await call('manager', 'GET', '/api/work-time/months/2026-08/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toMatch(/\r\nLéo Parti;leaver\.wt@demo\.test;2026-08;Brouillon;1;60;0;60;1,00;/);
    const pdf = await call('manager', 'GET', '/api/work-time/months/2026-08/export.pdf');
    expect(await pdfText(pdf.rawPayload)).toContain('Léo Parti');
    const overview = await call('manager', 'GET', '/api/work-time/months/2026-08');
    expect(
      (overview.json() as { items: { displayName: string }[] }).items.map((i) => i.displayName),
    ).toContain('Léo Parti');
    const detail = await call('manager', 'GET', `/api/work-time?month=2026-08&holderId=${account.user.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect((detail.json() as Month).totals.totalMinutes).toBe(60);

    // A month he did not work: not there.
    expect((await call('manager', 'GET', '/api/work-time/months/2026-10/export.csv')).body).not.toContain(
      'Léo Parti',
    );
    expect(
      (await call('manager', 'GET', `/api/work-time?month=2026-10&holderId=${account.user.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('volunteers', () => {
  it('shows the allowance due and warns past the daily and yearly ceilings (Belgian 2026 defaults)', async () => {
    const settings = await call('manager', 'GET', `/api/organizations/${ORG}/work-time-settings`);
    expect(settings.json()).toEqual({
      volunteerAllowanceBasis: 'per-session',
      volunteerAllowanceCents: 2000,
      volunteerDailyCeilingCents: 4402,
      volunteerYearlyCeilingCents: 176083,
    });
    expect((await monthOf('manager', '2026-05', 'volunteer')).allowance).toBeNull();
    const mark = await call('manager', 'PUT', `/api/work-time/holders/${ids.volunteer}/volunteer`, {
      volunteer: true,
    });
    expect(mark.statusCode, mark.body).toBe(200);

    let may = await monthOf('manager', '2026-05', 'volunteer');
    // Two sessions on 12 May at 20,00 € (40,00 € ≤ 44,02 €), one on the 19th; April's 20,00 € before.
    expect(may.allowance).toMatchObject({ units: 3, dueCents: 6000, yearToDateCents: 8000 });
    expect(may.warnings).toEqual([]);

    const patched = await call('manager', 'PATCH', `/api/organizations/${ORG}/work-time-settings`, {
      volunteerAllowanceCents: 2500,
      volunteerYearlyCeilingCents: 9000,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // Changed today: April and May keep the rate then in force (20,00 €); only the ceiling is new.
    may = await monthOf('manager', '2026-05', 'volunteer');
    expect(may.allowance).toMatchObject({ rateCents: 2000, dueCents: 6000, yearToDateCents: 8000 });
    expect(may.warnings).toEqual([]);

    // Had the 25,00 € been set in May: May at 25,00 € (two sessions a day: 50,00 € > 44,02 €), April still
    // at 20,00 € in the year's total (20 + 75 = 95,00 € > 90,00 €).
    const thisMonth = clubToday().slice(0, 7);
    const moveRate = (to: string) =>
      t.database.query(
        `update work_time_allowance_rates set from_month = $3 where organization_id = $1 and from_month = $2`,
        [ORG, thisMonth, to],
      );
    await moveRate('2026-05');
    may = await monthOf('manager', '2026-05', 'volunteer');
    expect(may.allowance).toMatchObject({ rateCents: 2500, dueCents: 7500, yearToDateCents: 9500 });
    expect(may.warnings).toEqual(['daily-ceiling', 'yearly-ceiling']);
    const april = await monthOf('manager', '2026-04', 'volunteer');
    expect(april.allowance).toMatchObject({ rateCents: 2000, dueCents: 2000 });

    await call('manager', 'PATCH', `/api/organizations/${ORG}/work-time-settings`, {
      volunteerAllowanceBasis: 'per-day',
    });
    may = await monthOf('volunteer', '2026-05');
    expect(may.allowance).toMatchObject({ basis: 'per-session', units: 3, dueCents: 7500 });
    await t.database.query(
      `delete from work_time_allowance_rates where organization_id = $1 and from_month = '2026-05'`,
      [ORG],
    );
    await moveRate('2026-05');
    may = await monthOf('volunteer', '2026-05');
    expect(may.allowance).toMatchObject({ basis: 'per-day', units: 2, dueCents: 5000 });
  });

  it('counts a validated month at the allowance it was validated with, whatever the rates say since', async () => {
    expect((await call('volunteer', 'POST', '/api/work-time/months/2026-04/submit')).statusCode).toBe(200);
    const validated = await call(
      'manager',
      'POST',
      `/api/work-time/months/2026-04/holders/${ids.volunteer}/validate`,
    );
    expect(validated.statusCode, validated.body).toBe(200);
    expect((validated.json() as Month).allowance).toMatchObject({ dueCents: 2000 });
    // Every rate rewritten (as if the history were wrong): April keeps what was validated.
    await t.database.query(
      `update work_time_allowance_rates set rate_cents = 9999 where organization_id = $1`,
      [ORG],
    );
    expect((await monthOf('manager', '2026-04', 'volunteer')).allowance).toMatchObject({ dueCents: 2000 });
    const may = await monthOf('manager', '2026-05', 'volunteer');
    expect(may.allowance).toMatchObject({ dueCents: 19_998, yearToDateCents: 21_998 });
  });

  it('refuses bad settings and leaves them to organisation managers', async () => {
    for (const body of [
      { volunteerAllowanceCents: -1 },
      { volunteerAllowanceCents: 100_001 },
      { volunteerAllowanceBasis: 'per-hour' },
      { volunteerDailyCeilingCents: 'beaucoup' },
      { other: 1 },
    ]) {
      const r = await call('manager', 'PATCH', `/api/organizations/${ORG}/work-time-settings`, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (
        await call('estManager', 'PATCH', `/api/organizations/${ORG}/work-time-settings`, {
          volunteerAllowanceCents: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('coach', 'PUT', `/api/work-time/holders/${ids.coach}/volunteer`, { volunteer: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('manager', 'PUT', `/api/work-time/holders/${ids.coach}/volunteer`, { volunteer: 'oui' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('manager', 'PUT', `/api/work-time/holders/${ids.parent}/volunteer`, { volunteer: true }))
        .statusCode,
    ).toBe(404);
    expect((await call('manager', 'GET', '/api/organizations/org_other/work-time-settings')).statusCode).toBe(
      404,
    );
  });
});

describe('the demo', () => {
  it("holds three months of the demo coach's work time: validated, then drafts; a volunteer's month submitted", async () => {
    const holder = await t.signIn(DEMO_ACCOUNTS.holder);
    const month = (offset: number) => {
      const now = new Date();
      const local = new Date(now.toLocaleString('en-US', { timeZone: 'Europe/Brussels' }));
      return new Date(Date.UTC(local.getFullYear(), local.getMonth() + offset, 1)).toISOString().slice(0, 7);
    };
    const statuses = [];
    for (const offset of [-2, -1, 0]) {
      const r = await t.request('GET', `/api/work-time?month=${month(offset)}`, {
        token: holder.accessToken,
        organizationId: ORG,
      });
      const body = r.json() as Month;
      expect(body.days.some((d) => d.corrections.length > 0)).toBe(true);
      statuses.push(body.status);
    }
    expect(statuses).toEqual(['validated', 'draft', 'draft']);
    const manager = await call('manager', 'GET', `/api/work-time/months/${month(-1)}?status=submitted`);
    const submitted = (manager.json() as { items: { displayName: string; volunteer: boolean }[] }).items;
    expect(submitted).toEqual([
      expect.objectContaining({ displayName: 'Nathalie Lemaire', volunteer: true }),
    ]);
  });
});
