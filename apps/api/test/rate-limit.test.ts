import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

const WINDOW = 900;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      perAccount: { limit: 3, windowSeconds: WINDOW },
      perAddress: { limit: 12, windowSeconds: WINDOW },
      signInPerAccountAndAddress: { limit: 10, windowSeconds: WINDOW },
      signInPerAccount: { limit: 25, windowSeconds: WINDOW },
      mailsPerAccount: { limit: 8, windowSeconds: WINDOW },
    },
  });
});
afterAll(() => t.close());

const LIMITED_FR =
  'Trop de tentatives de connexion. Réessayez dans quelques minutes, ou connectez-vous avec un code reçu par e-mail.';

const signIn = (email: string, password = 'Wrong1234', ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/password',
    headers: { host: 'demo.localhost:3000' },
    remoteAddress: ip,
    payload: { email, password },
  });

const post = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url, headers: { host: 'demo.localhost:3000' }, remoteAddress: ip, payload });

/** Signs `email` in with a code mailed to it, every call from `ip`. */
async function signInByCode(email: string, ip: string) {
  const before = t.inbox.mailsTo(email).length;
  expect((await post('/api/auth/send-otp', { identifier: email, channel: 'email' }, ip)).statusCode).toBe(
    204,
  );
  const mail = await t.waitForMail(email, before + 1);
  const otp = /\b(\d{6})\b/.exec(mail.subject)![1]!;
  return post('/api/auth/sign-in/otp', { email, otp }, ip);
}

/** Moves the clock to `secondsBefore` seconds before the next window boundary. */
function moveBeforeBoundary(secondsBefore: number) {
  const windowMs = WINDOW * 1000;
  const now = t.clock.now().getTime();
  const next = Math.ceil(now / windowMs) * windowMs;
  t.clock.advance(next - now - secondsBefore * 1000 + windowMs);
}

/** Leaves every window behind. */
const forgetAll = () => t.clock.advance(3 * WINDOW * 1000);

describe('sign-in limits that stop a guesser without locking the owner out', () => {
  it('refuses the guessing address after 10 wrong passwords, with a French message and Retry-After', async () => {
    // A minute into a window: the ten failures fall in one window whatever the time of the run.
    moveBeforeBoundary(WINDOW - 60);
    for (let i = 0; i < 10; i++) expect((await signIn(DEMO_ACCOUNTS.holder)).statusCode).toBe(401);
    // Even the right password: the address is limited, whatever it sends.
    const limited = await signIn(DEMO_ACCOUNTS.holder, DEMO_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(LIMITED_FR);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The last 15 minutes hold the ten failures: a wait of one window at most, whenever in it they fell.
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(WINDOW);
  });

  it('lets the owner sign in with the password from another address meanwhile', async () => {
    const owner = await signIn(DEMO_ACCOUNTS.holder, DEMO_PASSWORD, '192.0.2.7');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.email).toBe(DEMO_ACCOUNTS.holder);
    expect((await signIn(DEMO_ACCOUNTS.holder, DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it('lets the owner sign in by e-mail code even from the guessing address', async () => {
    const byCode = await signInByCode(DEMO_ACCOUNTS.holder, '10.0.0.1');
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json().user.email).toBe(DEMO_ACCOUNTS.holder);
  });

  it('counts only failures: an owner signing in often is never limited', async () => {
    forgetAll();
    for (let i = 0; i < 12; i++) {
      expect((await signIn(DEMO_ACCOUNTS.parent, DEMO_PASSWORD, '10.0.0.9')).statusCode).toBe(200);
    }
  });

  it('does not reset at a window boundary: the window slides', async () => {
    forgetAll();
    moveBeforeBoundary(60);
    for (let i = 0; i < 10; i++) {
      expect((await signIn(DEMO_ACCOUNTS.manager)).statusCode).toBe(401);
      t.clock.advance(5000);
    }
    expect((await signIn(DEMO_ACCOUNTS.manager)).statusCode).toBe(429);
    // Two minutes later a fixed window would have started afresh; the last 15 minutes still hold 10 failures.
    t.clock.advance(120_000);
    const stillLimited = await signIn(DEMO_ACCOUNTS.manager);
    expect(stillLimited.statusCode).toBe(429);
    const retryAfter = Number(stillLimited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThan(WINDOW);
    // Retry-After tells the truth: a few seconds earlier (the run's own time aside) it is still refused, at
    // that time one more try is let in.
    t.clock.advance((retryAfter - 3) * 1000);
    expect((await signIn(DEMO_ACCOUNTS.manager)).statusCode).toBe(429);
    t.clock.advance(3000);
    expect((await signIn(DEMO_ACCOUNTS.manager)).statusCode).toBe(401);
    expect((await signIn(DEMO_ACCOUNTS.manager)).statusCode).toBe(429);
  });

  it('early in a window, Retry-After is at most one window and retrying then is let in', async () => {
    forgetAll();
    // A minute into a window, where a count weighing the previous window asked for 930 s.
    moveBeforeBoundary(WINDOW - 60);
    const guess = () => signIn(DEMO_ACCOUNTS.parent, 'Wrong1234', '10.0.0.30');
    for (let i = 0; i < 10; i++) {
      expect((await guess()).statusCode).toBe(401);
      t.clock.advance(5000);
    }
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW);
    // The first failure, 50 s ago (plus the run's own time), leaves the last 15 minutes 15 minutes after
    // it: when Retry-After says. Seconds before, it is still refused; then one more try is let in.
    expect(retryAfter).toBeGreaterThanOrEqual(WINDOW - 55);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW - 50);
    t.clock.advance((retryAfter - 3) * 1000);
    expect((await guess()).statusCode).toBe(429);
    t.clock.advance(3000);
    expect((await guess()).statusCode).toBe(401);
    expect((await guess()).statusCode).toBe(429);
  });

  it('limits an unknown address the same way (no hint that it does not exist)', async () => {
    forgetAll();
    for (let i = 0; i < 10; i++)
      expect((await signIn('ghost@demo.test', 'x', '10.0.0.2')).statusCode).toBe(401);
    expect((await signIn('ghost@demo.test', 'x', '10.0.0.2')).statusCode).toBe(429);
  });

  it('limits one account across addresses much more loosely, against distributed guessing', async () => {
    forgetAll();
    const target = DEMO_ACCOUNTS.admin;
    for (let i = 0; i < 25; i++) {
      expect((await signIn(target, 'Wrong1234', `198.51.100.${i}`)).statusCode).toBe(401);
    }
    expect((await signIn(target, 'Wrong1234', '198.51.100.200')).statusCode).toBe(429);
    expect((await signIn(target, DEMO_PASSWORD, '198.51.100.201')).statusCode).toBe(429);
    // The e-mail code still opens the owner's account.
    expect((await signInByCode(target, '198.51.100.202')).statusCode).toBe(200);
  });

  it('limits one client address across accounts', async () => {
    forgetAll();
    const emails = Array.from({ length: 12 }, (_, i) => `someone${i}@x.be`);
    for (const email of emails) expect((await signIn(email, 'x', '10.0.0.3')).statusCode).toBe(401);
    expect((await signIn('other@x.be', 'x', '10.0.0.3')).statusCode).toBe(429);
    expect((await signIn('other@x.be', 'x', '10.0.0.4')).statusCode).toBe(401);
  });

  it('limits code and reset e-mails per account', async () => {
    forgetAll();
    const send = () =>
      post('/api/auth/send-otp', { identifier: DEMO_ACCOUNTS.parent, channel: 'email' }, '10.0.0.5');
    const before = t.inbox.mailsTo(DEMO_ACCOUNTS.parent).length;
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(204);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Trop de tentatives. Veuillez réessayer dans quelques minutes.');
    await t.app.ctx.queue.runUntilIdle();
    expect(t.inbox.mailsTo(DEMO_ACCOUNTS.parent).length - before).toBeLessThanOrEqual(3);
  });

  it('stops someone asking codes for an account from one address without locking its owner out', async () => {
    forgetAll();
    const owner = DEMO_ACCOUNTS.manager;
    const sendFrom = (ip: string) => post('/api/auth/send-otp', { identifier: owner, channel: 'email' }, ip);
    const before = t.inbox.mailsTo(owner).length;
    // The attacker knows the address: three codes from their address, then refused.
    for (let i = 0; i < 3; i++) expect((await sendFrom('203.0.113.66')).statusCode).toBe(204);
    const refused = await sendFrom('203.0.113.66');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(WINDOW);
    await t.waitForMail(owner, before + 3);
    // Meanwhile the owner, at home, still gets a code and signs in with it.
    const byCode = await signInByCode(owner, '192.0.2.44');
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json().user.email).toBe(owner);
    // And may ask a reset link too, though the attacker used up their own share of those.
    const reset = (ip: string) => post('/api/auth/forgot-password', { email: owner }, ip);
    for (let i = 0; i < 3; i++) expect((await reset('203.0.113.66')).statusCode).toBe(204);
    expect((await reset('203.0.113.66')).statusCode).toBe(429);
    expect((await reset('192.0.2.44')).statusCode).toBe(204);
  });

  it('keeps the owner from being flooded by codes asked from many addresses', async () => {
    forgetAll();
    const owner = DEMO_ACCOUNTS.holder;
    const before = t.inbox.mailsTo(owner).length;
    const sendFrom = (ip: string) => post('/api/auth/send-otp', { identifier: owner, channel: 'email' }, ip);
    for (let i = 0; i < 8; i++) expect((await sendFrom(`198.51.100.${i}`)).statusCode).toBe(204);
    expect((await sendFrom('198.51.100.99')).statusCode).toBe(429);
    await t.app.ctx.queue.runUntilIdle();
    expect(t.inbox.mailsTo(owner).length - before).toBeLessThanOrEqual(8);
    // The window slides: a quarter of an hour after the first codes, the owner gets one again.
    t.clock.advance(WINDOW * 1000);
    expect((await sendFrom('192.0.2.45')).statusCode).toBe(204);
  });

  it('keeps no more than the limit of hits however many attempts are refused', async () => {
    forgetAll();
    for (let i = 0; i < 10; i++) {
      expect((await signIn('flood@demo.test', 'x', '10.0.0.77')).statusCode).toBe(401);
    }
    for (let i = 0; i < 30; i++) {
      expect((await signIn('flood@demo.test', 'x', '10.0.0.77')).statusCode).toBe(429);
    }
    const [kept] = await t.database.query<{ n: number; hits: number }>(
      `select count(*)::int as n, coalesce(sum(hits), 0)::int as hits from rate_limit_hits
       where bucket like '%flood@demo.test%' or bucket like '%:ip:10.0.0.77'`,
    );
    // The ten failures, in each of the three buckets they count in; nothing of the thirty refused.
    expect(kept!.hits).toBe(30);
    expect(kept!.n).toBeLessThanOrEqual(30);
  });

  it('keeps the counts in PostgreSQL, shared by every instance', async () => {
    const rows = await t.database.query<{ bucket: string }>(
      "select bucket from rate_limit_hits where bucket like 'sign-in-password:account-ip:%' and hits > 0",
    );
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('behind a load balancer (TRUST_PROXY=its address)', () => {
  let behind: TestApp;
  beforeAll(async () => {
    behind = await createTestApp({ env: { TRUST_PROXY: '10.9.9.0/24' } });
  });
  afterAll(() => behind.close());

  it('counts the address the load balancer saw, not one the client wrote in X-Forwarded-For', async () => {
    const attempt = (forged: string) =>
      behind.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/password',
        headers: { host: 'demo.localhost:3000', 'x-forwarded-for': `${forged}, 203.0.113.5` },
        remoteAddress: '10.9.9.9',
        payload: { email: DEMO_ACCOUNTS.holder, password: 'Wrong1234' },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(`198.18.0.${i}`)).statusCode).toBe(401);
    expect((await attempt('198.18.0.99')).statusCode).toBe(429);
  });
});
