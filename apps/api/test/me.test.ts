import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signIn(DEMO_ACCOUNTS.parent)).accessToken;
});
afterAll(() => t.close());

const me = (method: 'GET' | 'PATCH', url: string, body?: unknown, headers?: Record<string, string>) =>
  t.request(method, url, { token, organizationId: 'org_demo', body, headers });

describe('current user', () => {
  it('GET /me/user and /me/member return the account and its own person', async () => {
    const user = (await me('GET', '/api/me/user')).json();
    expect(user).toMatchObject({
      email: DEMO_ACCOUNTS.parent,
      firstName: 'Claire',
      lastName: 'Peeters',
      role: 'user',
      establishment: 'est_default',
      onboardingAchievements: '',
      hasAcceptedROIAt: null,
    });
    const member = (await me('GET', '/api/me/member')).json();
    expect(member).toMatchObject({
      id: user.memberId,
      isHolder: false,
      city: 'Etterbeek',
      email: DEMO_ACCOUNTS.parent,
    });
  });

  it('PATCH /users/me changes names now and the e-mail once the new address confirms it', async () => {
    const confirm = async (address: string, nth: number) => {
      const mail = await t.waitForMail(address, nth);
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
      return t.request('POST', '/api/me/email/confirm', { body: { token } });
    };
    const r = await me('PATCH', '/api/users/me', { firstName: 'Claire-Anne', email: 'claire@demo.test' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      firstName: 'Claire-Anne',
      lastName: 'Peeters',
      email: DEMO_ACCOUNTS.parent,
      pendingEmail: 'claire@demo.test',
    });
    expect((await confirm('claire@demo.test', 1)).statusCode).toBe(200);
    await t.signIn('claire@demo.test');
    await me('PATCH', '/api/users/me', { email: DEMO_ACCOUNTS.parent });
    // The parent's first mail told them their address had changed; the second confirms it back.
    expect((await confirm(DEMO_ACCOUNTS.parent, 2)).statusCode).toBe(200);
  });

  it('refuses another account e-mail (409) and invalid values (400), changing nothing', async () => {
    const taken = await me('PATCH', '/api/users/me', { firstName: 'Zoé', email: DEMO_ACCOUNTS.holder });
    expect(taken.statusCode).toBe(409);
    const invalid = await me('PATCH', '/api/users/me', { firstName: 'Z', email: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details.map((d: { field: string }) => d.field)).toEqual(['firstName', 'email']);
    const empty = await me('PATCH', '/api/users/me', {});
    expect(empty.statusCode).toBe(400);
    expect((await me('GET', '/api/me/user')).json().firstName).toBe('Claire-Anne');
  });

  it('PATCH /me/member updates the person with the person rules', async () => {
    const ok = await me('PATCH', '/api/me/member', {
      city: 'Liège',
      postalCode: '4000',
      phoneNumber: '+32 4 222 33 44',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ city: 'Liège', postalCode: '4000' });
    const bad = await me('PATCH', '/api/me/member', { country: 'DEU', birthdate: '2099-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['birthdate', 'country']);
  });

  it('needs a signed-in user', async () => {
    for (const url of ['/api/me/user', '/api/me/member']) {
      expect((await t.request('GET', url)).statusCode).toBe(401);
    }
    expect((await t.request('PATCH', '/api/users/me', { body: { firstName: 'Hacker' } })).statusCode).toBe(
      401,
    );
  });
});
