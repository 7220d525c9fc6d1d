import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { type AwaitedTransfer, bankImportStatement, ordersAwaitingTransfer } from './helpers/bank-import';
import { multipart } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The jobs table holds ids, never personal data: no address, name, free text about a person, sign-in code
 * or link token in any job's payload, whatever queued it (code and reset e-mails, order and cancellation
 * e-mails, a background bank import), before it runs and after (what a job writes back on itself).
 */

const ORG = 'org_demo';
const EMAIL = /[^\s"@]+@[^\s"@]+\.[a-z]{2,}/i;
const REASON = 'Jeanne Dupont est malade';

let t: TestApp;
let manager: string;
let awaited: AwaitedTransfer[];

beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .update(organizations)
    .set({ iban: 'BE71096123456769', bic: 'GEBABEBB', billingCountry: 'BEL' })
    .where(eq(organizations.id, ORG));
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  awaited = await ordersAwaitingTransfer(t.app, 2);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const payloads = async () =>
  t.database.query<{ id: string; queue: string; payload: string }>(
    'select id, queue, payload::text as payload from jobs order by created_at',
  );

describe('job payloads', () => {
  it('carry ids only: no address, name, reason, code or token, and every job still does its work', async () => {
    const post = (url: string, body: object) =>
      t.app.inject({ method: 'POST', url, headers: { host: 'demo.localhost:3000' }, payload: body });
    const codeMails = t.inbox.mailsTo(DEMO_ACCOUNTS.parent).length;
    expect(
      (await post('/api/auth/send-otp', { identifier: DEMO_ACCOUNTS.parent, channel: 'email' })).statusCode,
    ).toBe(204);
    const resetMails = t.inbox.mailsTo(DEMO_ACCOUNTS.holder).length;
    expect((await post('/api/auth/forgot-password', { email: DEMO_ACCOUNTS.holder })).statusCode).toBe(204);

    // A manager cancels a registration of the first order, with a reason naming someone.
    const [participant] = await t.database.query<{ id: string }>(
      'select id from participants where organization_id = $1 and order_id = $2',
      [ORG, awaited[0]!.orderId],
    );
    const cancelled = await t.request('POST', `/api/participants/${participant!.id}/cancel`, {
      token: manager,
      organizationId: ORG,
      body: { reason: REASON },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    // A statement large enough to be imported by a background job.
    const { body, contentType } = multipart([
      {
        name: 'file',
        filename: 'releve.xml',
        contentType: 'application/xml',
        data: bankImportStatement(awaited, 1000),
      },
    ]);
    const upload = await t.request('POST', '/api/bank-statements', {
      token: manager,
      organizationId: ORG,
      body,
      headers: { 'content-type': contentType },
    });
    expect(upload.statusCode, upload.body).toBe(202);

    const check = async () => {
      const rows = await payloads();
      expect(rows.map((r) => r.queue)).toEqual(
        expect.arrayContaining(['mail.send', 'mail.family-event', 'accounting.bank-import']),
      );
      for (const row of rows) {
        const where = `${row.queue} ${row.id}: ${row.payload}`;
        expect(row.payload, where).not.toMatch(EMAIL);
        expect(row.payload, where).not.toContain('Jeanne');
        expect(row.payload, where).not.toMatch(/Famille\d|Parent|Démo/);
      }
      return rows;
    };
    await check();

    // Every job runs as before: the mails arrive, the cancellation gives its reason, the import ends.
    await t.app.ctx.queue.runUntilIdle();
    const code = await t.waitForMail(DEMO_ACCOUNTS.parent, codeMails + 1);
    const otp = /\b(\d{6})\b/.exec(code.subject)![1]!;
    const reset = await t.waitForMail(DEMO_ACCOUNTS.holder, resetMails + 1);
    const token = /token=([\w-]+)/.exec(reset.text)?.[1] ?? /reset-password\/([\w-]+)/.exec(reset.text)?.[1];
    expect(token).toBeTruthy();
    const familyEmail = (
      await t.database.query<{ email: string }>(
        `select u.email from orders o join users u on u.organization_id = o.organization_id
         and u.family_id = o.family_id where o.organization_id = $1 and o.id = $2`,
        [ORG, awaited[0]!.orderId],
      )
    )[0]!.email;
    await t.waitForMail(familyEmail, 2);
    const cancellation = t.inbox
      .mailsTo(familyEmail)
      .find((m) => m.subject.startsWith('Inscription annulée'));
    expect(cancellation?.text).toContain(`Motif : ${REASON}`);
    const imported = await t.request('GET', `/api/bank-statements/${upload.json().importId}`, {
      token: manager,
      organizationId: ORG,
    });
    expect(imported.json()).toMatchObject({ status: 'done', transactions: 1000, processed: 1000 });

    // After they ran (a mail job marks whom it reached): still nothing personal, no code, no token.
    const rows = await check();
    // (A sealed payload is base64url: the code could only show there inside a longer run of characters.)
    const codeAlone = new RegExp(`(?<![\\w-])${otp}(?![\\w-])`);
    for (const row of rows) {
      expect(row.payload).not.toMatch(codeAlone);
      expect(row.payload).not.toContain(token!);
    }
  }, 120_000);
});
