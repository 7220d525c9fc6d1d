import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate, localInstant, toLocal } from '../src/modules/services/series';
import { createFamilies, type FamilyFixture } from './helpers/order-fixtures';
import {
  BP,
  createPeriod,
  createSession,
  DAY,
  participantRow,
  type RegistryFixture,
  setupRegistry,
} from './helpers/registry-fixtures';
import { createTestApp, DEMO_HOST, type RequestOptions, type TestApp } from './helpers/test-app';

/*
 * Every invitation and link works for the one it was sent to only. For each flow: a family of the same
 * club and one of another club (holding the link, signed in) are refused with a clear message and
 * nothing changes; the right person then succeeds.
 */

let t: TestApp;
let f: RegistryFixture;
/** A family of another club (org_other), signed in, opening links on the demo club's address. */
let foreign: FamilyFixture;
const OTHER_HOST = 'other.localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  f = await setupRegistry(t);
  foreign = (await createFamilies(t.app.ctx, 1, { organizationId: 'org_other' }))[0]!;
});
afterAll(() => t.close());

const asForeign = (method: 'GET' | 'POST' | 'PATCH', url: string, options: RequestOptions = {}) =>
  t.request(method, url, { token: foreign.token, host: DEMO_HOST, ...options });
const anonymous = (method: 'GET' | 'POST', url: string, options: RequestOptions = {}) =>
  t.request(method, url, options);

/** The token of the last link of `pattern` mailed to `email` (the mail jobs run first). */
async function linkToken(email: string, pattern: RegExp, count = 1): Promise<string> {
  const mail = await t.waitForMail(email, count);
  const match = pattern.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}

const db = <T>(text: string, values: unknown[]) => t.database.query<T>(text, values);

describe('a representative invitation', () => {
  const INVITED = 'paul.invited@example.be';
  const OTHER_ADDRESS_FR =
    "Cette invitation a été envoyée à une autre adresse e-mail. Connectez-vous avec l'adresse qui l'a reçue.";
  let token: string;

  const familyOfUser = async (email: string) =>
    (await db<{ family_id: string }>('select family_id from users where email = $1', [email]))[0]!.family_id;
  const invitationRow = async () =>
    (
      await db<{ status: string; accepted_user_id: string | null }>(
        'select status, accepted_user_id from representative_invitations where email = $1',
        [INVITED],
      )
    )[0]!;

  it('is refused to another family of the club holding the link, and nothing changes', async () => {
    const sent = await f.call('parent', 'POST', '/api/me/representatives', {
      email: 'Paul.Invited@Example.be',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    token = await linkToken(INVITED, /type=representative-invitation&token=([\w-]+)/);
    const before = await familyOfUser(f.emails.parent2);

    const r = await f.call('parent2', 'POST', `/api/representative-invitations/${token}/accept`);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(OTHER_ADDRESS_FR);
    const en = await f.call(
      'parent2',
      'POST',
      `/api/representative-invitations/${token}/accept`,
      {},
      {},
      'en',
    );
    expect(en.json().message).toBe(
      'This invitation was sent to another e-mail address. Sign in with the address that received it.',
    );

    expect(await familyOfUser(f.emails.parent2)).toBe(before);
    expect(await invitationRow()).toEqual({ status: 'pending', accepted_user_id: null });
    const names = (await f.call('parent2', 'GET', '/api/me/delegated'))
      .json()
      .items.map((m: { firstName: string }) => m.firstName);
    expect(names).not.toContain('Léa');
    expect((await f.call('parent', 'GET', '/api/me/representatives')).json().items).toEqual([]);
  });

  it('is refused to a family of another club, and nothing changes', async () => {
    const r = await asForeign('POST', `/api/representative-invitations/${token}/accept`);
    expect(r.statusCode).toBe(404);
    expect(await invitationRow()).toEqual({ status: 'pending', accepted_user_id: null });
  });

  it('is accepted by the invited address (case and spaces aside), signing up from the link', async () => {
    const signUp = await anonymous('POST', '/api/auth/sign-up', {
      body: {
        gender: 'M',
        firstName: 'Paul',
        lastName: 'Invité',
        birthdate: '1983-10-10',
        address: 'Chaussée de Wavre 210',
        city: 'Etterbeek',
        postalCode: '1040',
        country: 'BEL',
        phoneNumber: '+32 476 11 22 33',
        email: 'PAUL.Invited@example.BE',
        password: 'Secret123',
        confirmPassword: 'Secret123',
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const r = await t.request('POST', `/api/representative-invitations/${token}/accept`, {
      token: signUp.json().accessToken,
    });
    expect(r.statusCode, r.body).toBe(204);
    expect((await invitationRow()).status).toBe('accepted');
    expect(await familyOfUser(INVITED)).toBe(f.families.parent);
  });
});

describe('a period invitation and a waiting-list offer (answered from “Mes activités”)', () => {
  const NOT_YOURS_FR = "Cette invitation n'existe pas ou ne concerne pas votre famille.";
  const ZONE = 'Europe/Brussels';

  /** Another family of the club and a family of another club try both answers: refused, nothing changes. */
  async function expectOnlyTheFamilyAnswers(id: string) {
    for (const answer of ['accept', 'decline']) {
      const same = await f.call('parent', 'POST', `/api/me/registrations/${id}/${answer}`);
      expect(same.statusCode).toBe(404);
      expect(same.json().message).toBe(NOT_YOURS_FR);
      expect((await asForeign('POST', `/api/me/registrations/${id}/${answer}`)).statusCode).toBe(404);
    }
    expect(await participantRow(t, id)).toMatchObject({ status: 'invited', holds_seat: true });
    const accepted = await f.call('parent2', 'POST', `/api/me/registrations/${id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'reserved' });
  }

  it('a period invitation: only the invited participant’s family answers', async () => {
    let monday = toLocal(new Date(Date.now() + 14 * DAY), ZONE).date;
    while (new Date(`${monday}T00:00:00Z`).getUTCDay() !== 1) monday = addDaysToDate(monday, 1);
    const next = addDaysToDate(monday, 42);
    const source = await createPeriod(t, 'Automne', monday, addDaysToDate(monday, 6));
    const target = await createPeriod(t, 'Hiver', next, addDaysToDate(next, 6));
    const from = await createSession(t, BP.public, {
      start: localInstant(monday, '18:00', ZONE),
      periodId: source,
    });
    await createSession(t, BP.public, { start: localInstant(next, '18:00', ZONE), periodId: target });
    const registered = await f.call('manager', 'POST', '/api/participants', {
      serviceIds: [from],
      memberIds: [f.members.zoe],
    });
    const attendee = registered.json().registered[0].id as string;
    const invited = await f.call('manager', 'POST', `/api/periods/${source}/invite-attendees`, {
      targetPeriodId: target,
      participantIds: [attendee],
    });
    expect(invited.statusCode, invited.body).toBe(200);
    await expectOnlyTheFamilyAnswers(invited.json().invited[0].participant.id);
  });

  it('a waiting-list offer: only the waiting family answers', async () => {
    const s = await createSession(t, BP.public, { daysAhead: 20, maxSeats: 1 });
    const taken = await f.call('manager', 'POST', '/api/participants', {
      serviceIds: [s],
      memberIds: [f.members.noe],
    });
    const request = await f.call('parent2', 'POST', '/api/registrations/requests', {
      serviceId: s,
      memberId: f.members.zoe,
      reason: 'waiting-list',
    });
    expect(request.statusCode, request.body).toBe(201);
    const offer = request.json().id as string;
    await f.call('manager', 'POST', `/api/participants/${taken.json().registered[0].id}/cancel`);
    expect(await participantRow(t, offer)).toMatchObject({ status: 'invited' });
    await expectOnlyTheFamilyAnswers(offer);
  });
});

describe('links mailed to one account', () => {
  const OTHER_ACCOUNT_FR =
    'Ce lien a été envoyé à un autre compte que celui avec lequel vous êtes connecté. Déconnectez-vous, puis rouvrez le lien.';
  let owner: FamilyFixture;
  let other: FamilyFixture;

  beforeAll(async () => {
    const families = await createFamilies(t.app.ctx, 2);
    owner = families[0]!;
    other = families[1]!;
  });

  const emailOf = async (userId: string) =>
    (await db<{ email: string }>('select email from users where id = $1', [userId]))[0]!.email;

  it('an e-mail change confirms for the account that asked only', async () => {
    const asked = await t.request('PATCH', '/api/users/me', {
      token: owner.token,
      body: { email: 'owner.new@example.be' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const token = await linkToken('owner.new@example.be', /type=email-change&token=([\w-]+)/);
    const confirm = (options: RequestOptions) =>
      t.request('POST', '/api/me/email/confirm', { ...options, body: { token } });

    const same = await confirm({ token: other.token });
    expect(same.statusCode).toBe(403);
    expect(same.json().message).toBe(OTHER_ACCOUNT_FR);
    expect((await confirm({ token: foreign.token })).statusCode).toBe(403);
    expect(await emailOf(owner.userId)).toBe(owner.email);
    expect(await emailOf(other.userId)).toBe(other.email);

    const right = await confirm({ token: owner.token });
    expect(right.statusCode, right.body).toBe(200);
    expect(await emailOf(owner.userId)).toBe('owner.new@example.be');
  });

  it('a password reset sets the password of its account only', async () => {
    const forgot = await anonymous('POST', '/api/auth/forgot-password', { body: { email: other.email } });
    expect(forgot.statusCode).toBe(204);
    const token = await linkToken(other.email, /\/reset-password\?token=([\w-]+)/);
    const reset = (options: RequestOptions) =>
      t.request('POST', '/api/auth/reset-password', {
        ...options,
        body: { resetPasswordToken: token, password: 'Nouveau2026' },
      });

    const same = await reset({ token: owner.token });
    expect(same.statusCode).toBe(403);
    expect(same.json().message).toBe(OTHER_ACCOUNT_FR);
    expect((await reset({ token: foreign.token })).statusCode).toBe(403);
    // On another club's address the link does not exist.
    const elsewhere = await reset({ host: OTHER_HOST });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(
      'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
    );
    const hashes = await db<{ password_hash: string | null }>(
      'select password_hash from users where id = any($1::text[])',
      [[owner.userId, other.userId]],
    );
    expect(hashes.every((h) => h.password_hash === null)).toBe(true);

    expect((await reset({})).statusCode).toBe(204);
    const signedIn = await anonymous('POST', '/api/auth/sign-in/password', {
      body: { email: other.email, password: 'Nouveau2026' },
    });
    expect(signedIn.json().user?.id).toBe(other.userId);
  });

  it('a member invitation (a manager created the account) sets the password of that account only', async () => {
    const email = 'invited.member@example.be';
    const created = await f.call('manager', 'POST', '/api/members', {
      person: {
        gender: 'F',
        firstName: 'Nora',
        lastName: 'Vermeulen',
        birthdate: '1988-02-14',
        address: 'Rue Neuve 12',
        city: 'Bruxelles',
        postalCode: '1000',
        country: 'BEL',
        phoneNumber: '+32 470 12 34 56',
        email,
      },
      role: 'user',
      sendInvitation: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = await linkToken(email, /\/reset-password\?token=([\w-]+)&invitation=1/);
    const choose = (options: RequestOptions) =>
      t.request('POST', '/api/auth/reset-password', {
        ...options,
        body: { resetPasswordToken: token, password: 'Bienvenue2026' },
      });
    const same = await choose({ token: f.tokens.parent });
    expect(same.statusCode).toBe(403);
    expect(same.json().message).toBe(OTHER_ACCOUNT_FR);
    expect((await choose({ token: foreign.token })).statusCode).toBe(403);
    expect((await choose({ host: OTHER_HOST })).statusCode).toBe(400);
    expect((await t.signIn(f.emails.parent)).user.email).toBe(f.emails.parent);

    expect((await choose({})).statusCode).toBe(204);
    expect((await t.signIn(email, 'Bienvenue2026')).user.email).toBe(email);
  });

  it('a one-time code signs in the account it was mailed to only, in its own club', async () => {
    const email = f.emails.parent3;
    const mailsBefore = t.inbox.mailsTo(email).length;
    expect(
      (await anonymous('POST', '/api/auth/send-otp', { body: { identifier: email, channel: 'email' } }))
        .statusCode,
    ).toBe(204);
    const otp = /\b(\d{6})\b/.exec((await t.waitForMail(email, mailsBefore + 1)).subject)![1]!;
    const signIn = (address: string, host = DEMO_HOST) =>
      anonymous('POST', '/api/auth/sign-in/otp', { host, body: { email: address, otp } });
    expect((await signIn(f.emails.parent2)).statusCode).toBe(401);
    expect((await signIn(foreign.email, OTHER_HOST)).statusCode).toBe(401);
    expect((await signIn(email, OTHER_HOST)).statusCode).toBe(401);
    const right = await signIn(email);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().user.email).toBe(email);
  });
});
