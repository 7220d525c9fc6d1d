import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Races that a single embedded connection serialises but PostgreSQL runs for real, with a pool of
 * connections: both databases must give the same answers.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ poolSize: 20 });
});
afterAll(() => t.close());

const person = {
  gender: 'M',
  firstName: 'Jules',
  lastName: 'Maes',
  birthdate: '1990-06-01',
  address: 'Rue Neuve 1',
  city: 'Mons',
  postalCode: '7000',
  country: 'BEL',
  phoneNumber: '+32 470 00 00 01',
  password: 'Secret123',
  confirmPassword: 'Secret123',
};

describe('concurrent requests', () => {
  it('twenty simultaneous sign-ups with one address make exactly one account; the others get 409', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request('POST', '/api/auth/sign-up', { body: { ...person, email: 'race@x.be' } }),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const rows = await t.database.query<{ n: string }>(
      "select count(*) as n from users where email = 'race@x.be'",
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('a refresh token used by ten requests at once is honoured once and the session is revoked', async () => {
    const signedIn = await t.signIn(DEMO_ACCOUNTS.parent);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request('POST', '/api/auth/refresh-token', { body: { refreshToken: signedIn.refreshToken } }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 401)).toBe(true);
    const session = await t.request('GET', '/api/auth/session', { token: signedIn.accessToken });
    expect(session.statusCode).toBe(401);
  });

  it('a one-time code tried by ten requests at once signs in at most once', async () => {
    await t.request('POST', '/api/auth/send-otp', {
      body: { identifier: DEMO_ACCOUNTS.holder, channel: 'email' },
    });
    const otp = /\d{6}/.exec((await t.waitForMail(DEMO_ACCOUNTS.holder)).subject)![0];
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request('POST', '/api/auth/sign-in/otp', { body: { email: DEMO_ACCOUNTS.holder, otp } }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });
});
