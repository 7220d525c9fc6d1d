import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/db/seed';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { perAccount: { limit: 3, windowSeconds: 60 }, perAddress: { limit: 8, windowSeconds: 60 } },
  });
});
afterAll(() => t.close());

const signIn = (email: string, password = 'Wrong1234', ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/password',
    headers: { host: 'demo.localhost:3000' },
    remoteAddress: ip,
    payload: { email, password },
  });

describe('rate limits', () => {
  it('limits attempts per account, whatever the password, then lets the window pass', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(DEMO_ACCOUNTS.holder)).statusCode).toBe(401);
    const limited = await signIn(DEMO_ACCOUNTS.holder, 'Demo1234');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Trop de tentatives. Veuillez réessayer dans quelques minutes.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(61_000);
    expect((await signIn(DEMO_ACCOUNTS.holder, 'Demo1234')).statusCode).toBe(200);
  });

  it('limits an unknown address the same way (no hint that it does not exist)', async () => {
    for (let i = 0; i < 3; i++)
      expect((await signIn('ghost@demo.test', 'x', '10.0.0.2')).statusCode).toBe(401);
    expect((await signIn('ghost@demo.test', 'x', '10.0.0.2')).statusCode).toBe(429);
  });

  it('limits one client address across accounts', async () => {
    t.clock.advance(61_000);
    const emails = ['a@x.be', 'b@x.be', 'c@x.be', 'd@x.be', 'e@x.be', 'f@x.be', 'g@x.be', 'h@x.be'];
    for (const email of emails) expect((await signIn(email, 'x', '10.0.0.3')).statusCode).toBe(401);
    expect((await signIn('i@x.be', 'x', '10.0.0.3')).statusCode).toBe(429);
    expect((await signIn('i@x.be', 'x', '10.0.0.4')).statusCode).toBe(401);
  });

  it('limits code and reset e-mails too', async () => {
    t.clock.advance(61_000);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/send-otp',
        headers: { host: 'demo.localhost:3000' },
        remoteAddress: '10.0.0.5',
        payload: { identifier: DEMO_ACCOUNTS.parent, channel: 'email' },
      });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(204);
    expect((await send()).statusCode).toBe(429);
    await t.app.ctx.queue.runUntilIdle();
    expect(t.inbox.mailsTo(DEMO_ACCOUNTS.parent).length).toBeLessThanOrEqual(3);
  });
});
