import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeIn = (subject: string) => /\b(\d{6})\b/.exec(subject)?.[1];

async function requestCode(email: string, host?: string) {
  const response = await t.request('POST', '/api/auth/send-otp', {
    host,
    body: { identifier: email, channel: 'email' },
  });
  expect(response.statusCode).toBe(204);
}

describe('sign-in by e-mail code', () => {
  it('e-mails a 6-digit code in French that signs the account in once', async () => {
    await requestCode(DEMO_ACCOUNTS.parent);
    const mail = await t.waitForMail(DEMO_ACCOUNTS.parent);
    expect(mail.subject).toMatch(/^\d{6} est votre code de connexion à Club Sportif Démo$/);
    expect(mail.text).toContain('valable 10 minutes');
    const otp = codeIn(mail.subject)!;
    const first = await t.request('POST', '/api/auth/sign-in/otp', {
      body: { email: DEMO_ACCOUNTS.parent, otp },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.email).toBe(DEMO_ACCOUNTS.parent);
    const again = await t.request('POST', '/api/auth/sign-in/otp', {
      body: { email: DEMO_ACCOUNTS.parent, otp },
    });
    expect(again.statusCode).toBe(401);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const unknown = await t.request('POST', '/api/auth/send-otp', {
      body: { identifier: 'ghost@demo.test', channel: 'email' },
    });
    expect(unknown.statusCode).toBe(204);
    expect(unknown.body).toBe('');
    await t.app.ctx.queue.runUntilIdle();
    expect(t.inbox.mailsTo('ghost@demo.test')).toHaveLength(0);
  });

  it('stores the code hashed, never in clear', async () => {
    await requestCode(DEMO_ACCOUNTS.holder);
    const mail = await t.waitForMail(DEMO_ACCOUNTS.holder);
    const rows = await t.database.query<{ code_hash: string }>('select code_hash from one_time_codes');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.code_hash.includes(codeIn(mail.subject)!))).toBe(false);
  });

  it('burns the code after 5 wrong tries, even for the right code afterwards', async () => {
    await requestCode(DEMO_ACCOUNTS.manager);
    const otp = codeIn((await t.waitForMail(DEMO_ACCOUNTS.manager)).subject)!;
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await t.request('POST', '/api/auth/sign-in/otp', {
        body: { email: DEMO_ACCOUNTS.manager, otp: wrong },
      });
      expect(r.statusCode).toBe(401);
    }
    const right = await t.request('POST', '/api/auth/sign-in/otp', {
      body: { email: DEMO_ACCOUNTS.manager, otp },
    });
    expect(right.statusCode).toBe(401);
  });

  it('expires the code after 10 minutes', async () => {
    await requestCode(DEMO_ACCOUNTS.admin);
    const otp = codeIn((await t.waitForMail(DEMO_ACCOUNTS.admin)).subject)!;
    t.clock.advance(10 * 60_000 + 1000);
    const late = await t.request('POST', '/api/auth/sign-in/otp', {
      body: { email: DEMO_ACCOUNTS.admin, otp },
    });
    expect(late.statusCode).toBe(401);
  });

  it('only the latest code works', async () => {
    await requestCode(DEMO_ACCOUNTS.estManager);
    const first = codeIn((await t.waitForMail(DEMO_ACCOUNTS.estManager, 1)).subject)!;
    await requestCode(DEMO_ACCOUNTS.estManager);
    const second = codeIn((await t.waitForMail(DEMO_ACCOUNTS.estManager, 2)).subject)!;
    if (first !== second) {
      const old = await t.request('POST', '/api/auth/sign-in/otp', {
        body: { email: DEMO_ACCOUNTS.estManager, otp: first },
      });
      expect(old.statusCode).toBe(401);
    }
    const latest = await t.request('POST', '/api/auth/sign-in/otp', {
      body: { email: DEMO_ACCOUNTS.estManager, otp: second },
    });
    expect(latest.statusCode).toBe(200);
  });

  it('signs the system administrator in on the platform by code, in their language', async () => {
    await requestCode(DEMO_ACCOUNTS.sysadmin, ADMIN_HOST);
    const mail = await t.waitForMail(DEMO_ACCOUNTS.sysadmin);
    expect(mail.subject).toContain('Administration de la plateforme');
    const r = await t.request('POST', '/api/auth/sign-in/otp', {
      host: ADMIN_HOST,
      body: { email: DEMO_ACCOUNTS.sysadmin, otp: codeIn(mail.subject) },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().isSystemAdmin).toBe(true);
  });

  it('rejects a malformed code with a field error', async () => {
    const r = await t.request('POST', '/api/auth/sign-in/otp', {
      body: { email: DEMO_ACCOUNTS.parent, otp: '12ab' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().details[0]).toMatchObject({ field: 'otp', message: 'Le code contient 6 chiffres' });
  });
});
