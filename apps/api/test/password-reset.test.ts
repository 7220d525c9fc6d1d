import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function resetLink(email: string, count = 1) {
  const r = await t.request('POST', '/api/auth/forgot-password', { body: { email } });
  expect(r.statusCode).toBe(204);
  const mail = await t.waitForMail(email, count);
  const link = /http:\/\/demo\.localhost:3000\/reset-password\?token=([\w-]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return { mail, token: link![1]! };
}

describe('forgotten password', () => {
  it('e-mails a link to /reset-password that sets a new password once and signs sessions out', async () => {
    const before = await t.signIn(DEMO_ACCOUNTS.parent);
    const { mail, token } = await resetLink(DEMO_ACCOUNTS.parent);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe – Club Sportif Démo');
    const reset = await t.request('POST', '/api/auth/reset-password', {
      body: { resetPasswordToken: token, password: 'Nouveau2026' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await t.request('GET', '/api/auth/session', { token: before.accessToken })).statusCode).toBe(401);
    await t.signIn(DEMO_ACCOUNTS.parent, 'Nouveau2026');
    const old = await t.request('POST', '/api/auth/sign-in/password', {
      body: { email: DEMO_ACCOUNTS.parent, password: 'Demo1234' },
    });
    expect(old.statusCode).toBe(401);

    const twice = await t.request('POST', '/api/auth/reset-password', {
      body: { resetPasswordToken: token, password: 'Encore2026' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(
      'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
    );
  });

  it('enforces the password rule on the server', async () => {
    const { token } = await resetLink(DEMO_ACCOUNTS.holder);
    const weak = await t.request('POST', '/api/auth/reset-password', {
      body: { resetPasswordToken: token, password: 'weakpass' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details[0].message).toBe(
      'Le mot de passe doit contenir au moins 8 caractères, une majuscule et un chiffre',
    );
    // The link was not used up by the rejected attempt.
    const good = await t.request('POST', '/api/auth/reset-password', {
      body: { resetPasswordToken: token, password: 'Valide123' },
    });
    expect(good.statusCode).toBe(204);
  });

  it('expires the link after one hour', async () => {
    const { token } = await resetLink(DEMO_ACCOUNTS.manager);
    t.clock.advance(60 * 60_000 + 1000);
    const late = await t.request('POST', '/api/auth/reset-password', {
      body: { resetPasswordToken: token, password: 'Valide123' },
    });
    expect(late.statusCode).toBe(400);
  });

  it('answers an unknown address like a known one', async () => {
    const r = await t.request('POST', '/api/auth/forgot-password', { body: { email: 'ghost@demo.test' } });
    expect(r.statusCode).toBe(204);
    await t.app.ctx.queue.runUntilIdle();
    expect(t.inbox.mailsTo('ghost@demo.test')).toHaveLength(0);
  });
});
