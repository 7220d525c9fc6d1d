import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { jobs, members, users } from '../src/db/schema';
import { DEMO_ACCOUNTS, SECOND_ESTABLISHMENT_ID } from '../src/demo/accounts';
import { registerDirectly } from '../src/factories/attendance';
import { factoryContext } from '../src/factories/context';
import { newId } from '../src/lib/ids';
import { createCommunicationsService } from '../src/modules/communications/communications.service';
import { OTHER_CLUB, otherClubManager } from './helpers/clubs';
import { multipart } from './helpers/multipart';
import { createActivity, createFamilies, createPeriod } from './helpers/order-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Communications to families (issue #20 part A): who may write to whom, the recipients each target
 * reaches (one message per family, the adults with an address), bad input, the sending job (progress,
 * languages, failures and « Renvoyer »), never twice to one address (a second click, a worker killed
 * mid-way), and the family's inbox.
 */

const ORG = 'org_demo';
const DAY = 86_400_000;
let t: TestApp;
let manager: string;
let estManager: string;
let holder: string;
let holderUserId: string;
let parent: string;

beforeAll(async () => {
  t = await createTestApp();
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  estManager = (await t.signIn(DEMO_ACCOUNTS.estManager)).accessToken;
  const h = await t.signIn(DEMO_ACCOUNTS.holder);
  holder = h.accessToken;
  holderUserId = h.user.id;
  parent = (await t.signIn(DEMO_ACCOUNTS.parent)).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  t.request(method, url, { token, organizationId: ORG, body });

/** Families registered to one session of a new activity (in a new period); the first has two children in it. */
async function scenario(options: { families?: number; locale?: 'fr' | 'en'; establishmentId?: string } = {}) {
  const periodId = await createPeriod(t.db, {});
  const activity = await createActivity(t.db, {
    name: 'Natation',
    maxSeats: 100,
    establishmentId: options.establishmentId,
    sessions: [
      { start: new Date(Date.now() + 10 * DAY), periodId, holders: [{ userId: holderUserId }] },
      { start: new Date(Date.now() + 17 * DAY), periodId },
    ],
  });
  const families = await createFamilies(t.app.ctx, options.families ?? 3, { locale: options.locale });
  const sessionId = activity.serviceIds[0]!;
  const ctx = factoryContext(t.db, t.app.ctx);
  const first = families[0]!;
  // A second child in the first family, registered too: the family still gets one message.
  const secondChild = newId('mbr');
  await t.db.insert(members).values({
    organizationId: ORG,
    id: secondChild,
    familyId: first.familyId,
    firstName: 'Zoé',
    lastName: 'Famille0',
    birthdate: '2017-02-01',
  });
  for (const family of families) {
    await registerDirectly(ctx, {
      organizationId: ORG,
      byEmail: DEMO_ACCOUNTS.manager,
      serviceId: sessionId,
      memberIds: family === first ? [family.childId, secondChild] : [family.childId],
      at: new Date(),
    });
  }
  return { periodId, activity, sessionId, families };
}

const message = (target: string, targetId: string | null, extra: Record<string, unknown> = {}) => ({
  idempotencyKey: newId('job'),
  target,
  ...(targetId ? { targetId } : {}),
  subjectFr: 'Piscine fermée samedi',
  bodyFr: '<p>Bonjour,</p><p>La piscine est <strong>fermée</strong> samedi.</p><script>alert(1)</script>',
  ...extra,
});

async function send(token: string, body: unknown) {
  const response = await call(token, 'POST', '/api/communications', body);
  return response;
}

/** Runs the queue until the communication has nothing queued. */
async function drain(id: string) {
  for (let i = 0; i < 50; i++) {
    await t.app.ctx.queue.runUntilIdle();
    const detail = (await call(manager, 'GET', `/api/communications/${id}`)).json();
    if (detail.progress.queued === 0) return detail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the communication did not finish');
}

describe('recipients', () => {
  it('a session reaches each family once, its adults with an address; not a minor’s own address', async () => {
    const { sessionId, families } = await scenario();
    const first = families[0]!;
    // A grown-up sibling with an address of their own, and a child with one: only the adult counts.
    await t.db.insert(members).values([
      {
        organizationId: ORG,
        id: newId('mbr'),
        familyId: first.familyId,
        firstName: 'Léo',
        lastName: 'Famille0',
        birthdate: '2000-01-01',
        email: `leo-${first.familyId}@test.be`,
      },
      {
        organizationId: ORG,
        id: newId('mbr'),
        familyId: first.familyId,
        firstName: 'Mia',
        lastName: 'Famille0',
        birthdate: '2015-01-01',
        email: `mia-${first.familyId}@test.be`,
      },
    ]);
    const count = await call(
      manager,
      'GET',
      `/api/communications/recipients?target=session&targetId=${sessionId}`,
    );
    expect(count.statusCode, count.body).toBe(200);
    expect(count.json()).toEqual({ families: 3, people: 4 });
  });

  it('a period, an activity, everyone and the holders', async () => {
    const { periodId, activity } = await scenario({ families: 2 });
    const get = async (query: string) =>
      (await call(manager, 'GET', `/api/communications/recipients?${query}`)).json();
    expect(await get(`target=period&targetId=${periodId}`)).toEqual({ families: 2, people: 2 });
    expect(await get(`target=activity&targetId=${activity.blueprintId}`)).toEqual({ families: 2, people: 2 });
    const everyone = await get('target=everyone');
    const [accounts] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(distinct family_id)::int as n from users
        where organization_id = ${ORG} and deleted_at is null and role = 'user'`),
    );
    expect(everyone.families).toBe(accounts!.n);
    const holders = await get('target=holders');
    const holderRows = await t.db
      .select()
      .from(users)
      .where(and(eq(users.organizationId, ORG), eq(users.isHolder, true), eq(users.role, 'user')));
    expect(holders.people).toBe(holderRows.length);
  });
});

describe('rights', () => {
  it('a family cannot write, nor follow messages; another club finds nothing', async () => {
    const { sessionId } = await scenario({ families: 1 });
    expect((await send(parent, message('session', sessionId))).statusCode).toBe(403);
    expect((await call(parent, 'GET', '/api/communications')).statusCode).toBe(403);
    const other = await otherClubManager(t);
    const fromOther = await t.request('POST', '/api/communications', {
      token: other,
      organizationId: OTHER_CLUB,
      body: message('session', sessionId),
    });
    expect(fromOther.statusCode).toBe(404);
  });

  it('an establishment manager writes within their establishment only', async () => {
    const mine = await scenario({ families: 1, establishmentId: SECOND_ESTABLISHMENT_ID });
    const notMine = await scenario({ families: 1 });
    expect((await send(estManager, message('session', notMine.sessionId))).statusCode).toBe(404);
    const sent = await send(estManager, message('session', mine.sessionId));
    expect(sent.statusCode, sent.body).toBe(201);
    // The organisation's manager follows it too; the establishment manager does not see the others'.
    const other = await send(manager, message('session', notMine.sessionId));
    expect((await call(manager, 'GET', `/api/communications/${sent.json().id}`)).statusCode).toBe(200);
    expect((await call(estManager, 'GET', `/api/communications/${other.json().id}`)).statusCode).toBe(404);
  });

  it('a holder writes to the sessions they hold, nothing else', async () => {
    const { sessionId, activity, periodId } = await scenario({ families: 1 });
    expect((await send(holder, message('session', activity.serviceIds[1]!))).statusCode).toBe(403);
    expect((await send(holder, message('period', periodId))).statusCode).toBe(403);
    expect((await send(holder, message('everyone', null))).statusCode).toBe(403);
    const sent = await send(holder, message('session', sessionId));
    expect(sent.statusCode, sent.body).toBe(201);
    const mine = (await call(holder, 'GET', '/api/communications')).json();
    expect(mine.items.map((i: { id: string }) => i.id)).toEqual([sent.json().id]);
  });

  it('only an organisation manager sets the sending speed', async () => {
    expect(
      (await call(estManager, 'PUT', '/api/communications/settings', { ratePerSecond: 50 })).statusCode,
    ).toBe(403);
    const saved = await call(manager, 'PUT', '/api/communications/settings', { ratePerSecond: 50 });
    expect(saved.json()).toEqual({ ratePerSecond: 50 });
    const bad = await call(manager, 'PUT', '/api/communications/settings', { ratePerSecond: 100_000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[àéè]|valeur/);
  });
});

describe('bad input', () => {
  it('400 in French naming the field, and nothing written', async () => {
    const { sessionId } = await scenario({ families: 1 });
    const before = rowsOf(await t.db.execute(sql`select count(*)::int as n from communications`));
    const cases = [
      message('session', null),
      { ...message('session', sessionId), subjectFr: '' },
      { ...message('session', sessionId), subjectFr: 'x'.repeat(201) },
      { ...message('session', sessionId), subjectEn: 'Pool closed' },
      { ...message('session', sessionId), target: 'galaxy' },
      { ...message('session', sessionId), attachmentIds: ['a', 'b', 'c', 'd', 'e', 'f'] },
      { ...message('session', sessionId), bodyFr: '<p> </p><script>x</script>' },
    ];
    for (const body of cases) {
      const response = await send(manager, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details.length).toBeGreaterThan(0);
    }
    const unknownAttachment = await send(manager, {
      ...message('session', sessionId),
      attachmentIds: ['cma_x'],
    });
    expect(unknownAttachment.statusCode).toBe(400);
    expect(unknownAttachment.json().message).toBe('Les données fournies sont invalides.');
    const after = rowsOf(await t.db.execute(sql`select count(*)::int as n from communications`));
    expect(after).toEqual(before);
  });

  it('an attachment must be a PDF or an image by its content', async () => {
    const upload = (data: Buffer, filename: string, contentType: string) => {
      const form = multipart([{ name: 'file', filename, contentType, data }]);
      return t.request('POST', '/api/communications/attachments', {
        token: manager,
        organizationId: ORG,
        body: form.body,
        headers: { 'content-type': form.contentType },
      });
    };
    const fake = await upload(Buffer.from('<svg onload=alert(1)>'), 'x.pdf', 'application/pdf');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('La pièce jointe doit être un PDF ou une image (PNG, JPEG, WebP)');
    const pdf = await upload(Buffer.from('%PDF-1.4\n%%EOF\n'), 'programme.pdf', 'application/octet-stream');
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json()).toMatchObject({ contentType: 'application/pdf', fileName: 'programme.pdf' });
  });

  it('a target without families is refused', async () => {
    const empty = await createActivity(t.db, { sessions: [{ start: new Date(Date.now() + DAY) }] });
    const response = await send(manager, message('session', empty.serviceIds[0]!));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Aucune famille à qui envoyer ce message');
  });
});

describe('sending', () => {
  it('sends each family one e-mail in its language, sanitised, with the attachment, and fills the inboxes', async () => {
    const { sessionId, families } = await scenario({ families: 2, locale: 'en' });
    const form = multipart([
      {
        name: 'file',
        filename: 'programme.pdf',
        contentType: 'application/pdf',
        data: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    ]);
    const attachment = (
      await t.request('POST', '/api/communications/attachments', {
        token: manager,
        organizationId: ORG,
        body: form.body,
        headers: { 'content-type': form.contentType },
      })
    ).json();
    const sent = await send(
      manager,
      message('session', sessionId, {
        subjectEn: 'Pool closed on Saturday',
        bodyEn: '<p>Hello, the pool is <em>closed</em>.</p>',
        attachmentIds: [attachment.id],
      }),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ families: 2, progress: { total: 2, sent: 0, queued: 2 } });
    expect(sent.json().bodyFr).not.toContain('script');

    const mail = await t.waitForMail(families[1]!.email);
    expect(mail.subject).toBe('Pool closed on Saturday');
    expect(mail.text).toContain('Hello, the pool is closed.');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['programme.pdf']);
    const done = await drain(sent.json().id);
    expect(done.progress).toEqual({ total: 2, sent: 2, failed: 0, queued: 0 });
    expect(done.recipients.every((r: { status: string }) => r.status === 'sent')).toBe(true);

    // The family's inbox, in its language, unread until opened.
    const inbox = (await call(families[1]!.token, 'GET', '/api/communications/inbox')).json();
    expect(inbox.unread).toBe(1);
    expect(inbox.items[0]).toMatchObject({ kind: 'communication', read: false });
    const opened = await t.request('GET', `/api/communications/inbox/${inbox.items[0].id}`, {
      token: families[1]!.token,
      organizationId: ORG,
      headers: { 'accept-language': 'en' },
    });
    expect(opened.json()).toMatchObject({ subject: 'Pool closed on Saturday', read: true });
    expect(opened.json().attachments).toHaveLength(1);
    const count = (await call(families[1]!.token, 'GET', '/api/communications/inbox/unread-count')).json();
    expect(count).toEqual({ unread: 0 });
    // Another family cannot open it, nor its attachment.
    const [other] = await createFamilies(t.app.ctx, 1, {});
    expect(
      (await call(other!.token, 'GET', `/api/communications/inbox/${inbox.items[0].id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(other!.token, 'GET', `/api/communications/${sent.json().id}/attachments/${attachment.id}`))
        .statusCode,
    ).toBe(404);
    const file = await call(
      families[1]!.token,
      'GET',
      `/api/communications/${sent.json().id}/attachments/${attachment.id}`,
    );
    expect(file.statusCode).toBe(200);
  });

  it('a second click with the same key sends nothing more', async () => {
    const { sessionId, families } = await scenario({ families: 2 });
    const body = message('session', sessionId);
    const [a, b] = await Promise.all([send(manager, body), send(manager, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    const again = await send(manager, body);
    expect(again.statusCode).toBe(200);
    await drain(a.json().id);
    for (const family of families) expect(t.inbox.mailsTo(family.email)).toHaveLength(1);
  });

  it('a worker killed mid-way: resumed, nobody gets the message twice', async () => {
    const { sessionId, families } = await scenario({ families: 12 });
    const sent = (await send(manager, message('session', sessionId))).json();
    // A worker that sends three messages, then dies with the rest of its batch in its hands.
    let delivered = 0;
    const dying = createCommunicationsService({
      ...t.app.ctx,
      mailer: {
        ...t.app.ctx.mailer,
        deliver: async (mail) => {
          if (delivered >= 3) return new Promise<void>(() => {});
          delivered++;
          await t.app.ctx.mailer.deliver(mail);
        },
      },
    });
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'communicationId' = ${sent.id}`);
    void dying.send({ communicationId: sent.id }, { jobId: job!.id, attempt: 1, organizationId: ORG });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Its lease lapses: another worker takes the job over.
    await t.db
      .update(jobs)
      .set({ status: 'running', lockedBy: 'dead-worker', lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job!.id));
    const done = await drain(sent.id);
    const received = families.map((f) => t.inbox.mailsTo(f.email).length);
    expect(received.every((n) => n <= 1)).toBe(true);
    // Every recipient is settled: sent, or failed as interrupted (sent or not: nobody can tell).
    expect(done.progress.sent + done.progress.failed).toBe(12);
    // Marked sent only once its batch is written: what the dead worker delivered counts as interrupted.
    expect(done.progress.sent).toBeLessThanOrEqual(received.filter((n) => n === 1).length);
    const interrupted = done.recipients.filter((r: { status: string }) => r.status === 'failed');
    expect(interrupted.length).toBeGreaterThan(0);
    expect(interrupted[0].error).toMatch(/interrompu/);
  });

  it('a refused address fails with its reason (no address in it), and « Renvoyer » sends it', async () => {
    const { sessionId, families } = await scenario({ families: 2 });
    const sent = (await send(manager, message('session', sessionId))).json();
    const refusing = createCommunicationsService({
      ...t.app.ctx,
      mailer: {
        ...t.app.ctx.mailer,
        deliver: async (mail) => {
          if (mail.to === families[0]!.email) {
            throw Object.assign(new Error('rejected'), {
              responseCode: 550,
              response: `550 5.1.1 <${mail.to}>: Recipient address rejected`,
            });
          }
          await t.app.ctx.mailer.deliver(mail);
        },
      },
    });
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'communicationId' = ${sent.id}`);
    await refusing.send({ communicationId: sent.id }, { jobId: job!.id, attempt: 1, organizationId: ORG });
    await t.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, job!.id));
    const detail = (await call(manager, 'GET', `/api/communications/${sent.id}`)).json();
    expect(detail.progress).toMatchObject({ sent: 1, failed: 1, queued: 0 });
    const failed = detail.recipients[0];
    expect(failed).toMatchObject({ status: 'failed', email: families[0]!.email });
    expect(failed.error).toBe('550 5.1.1 …: Recipient address rejected');

    const retried = await call(manager, 'POST', `/api/communications/${sent.id}/retry`);
    expect(retried.json().progress).toMatchObject({ failed: 0, queued: 1 });
    const done = await drain(sent.id);
    expect(done.progress).toMatchObject({ sent: 2, failed: 0 });
    expect(t.inbox.mailsTo(families[0]!.email)).toHaveLength(1);
    expect(t.inbox.mailsTo(families[1]!.email)).toHaveLength(1);
  });

  it('goes no faster than the organisation’s speed', async () => {
    await call(manager, 'PUT', '/api/communications/settings', { ratePerSecond: 10 });
    const { sessionId } = await scenario({ families: 6 });
    const sent = (await send(manager, message('session', sessionId))).json();
    const started = Date.now();
    await drain(sent.id);
    // Six messages at ten a second: the sixth starts half a second after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(480);
    await call(manager, 'PUT', '/api/communications/settings', { ratePerSecond: 200 });
  });
});

describe('the automatic e-mails in the inbox', () => {
  it('a session cancelled by the club is listed once per family, unread, in the family’s language', async () => {
    const { sessionId, families } = await scenario({ families: 2 });
    const cancelled = await call(manager, 'POST', `/api/services/${sessionId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    // The first family had two children in the session: one e-mail naming both, one entry.
    const first = (await call(families[0]!.token, 'GET', '/api/communications/inbox')).json();
    const second = (await call(families[1]!.token, 'GET', '/api/communications/inbox')).json();
    expect(first.items.map((i: { kind: string }) => i.kind)).toEqual(['session-cancelled']);
    expect(second).toMatchObject({ unread: 1, items: [{ kind: 'session-cancelled', read: false }] });
    const opened = (
      await call(families[1]!.token, 'GET', `/api/communications/inbox/${second.items[0].id}`)
    ).json();
    expect(opened.subject).toContain('Natation');
    expect(opened.html).not.toMatch(/<(style|script|img)/);
    // Cancelling again changes nothing, and adds nothing.
    await call(manager, 'POST', `/api/services/${sessionId}/cancel`);
    expect((await call(families[1]!.token, 'GET', '/api/communications/inbox')).json().total).toBe(1);
  });
});

describe('the demo', () => {
  it('the parent’s inbox holds the club’s two messages, the newer unread', async () => {
    const inbox = (await call(parent, 'GET', '/api/communications/inbox')).json();
    const messages = inbox.items.filter((i: { kind: string }) => i.kind === 'communication');
    expect(messages.map((m: { subject: string; read: boolean }) => [m.subject, m.read])).toEqual([
      ['Piscine fermée samedi prochain', false],
      ['Bienvenue pour cette nouvelle saison', true],
    ]);
    const sent = (await call(manager, 'GET', '/api/communications')).json();
    const seeded = sent.items.find(
      (i: { subject: string }) => i.subject === 'Piscine fermée samedi prochain',
    );
    expect(seeded.progress.sent).toBe(seeded.progress.total);
  });
});
