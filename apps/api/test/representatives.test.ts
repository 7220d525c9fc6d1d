import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';
import { recordingClient, fieldErrors as fields } from './helpers/recording-client';

/* Representatives: another adult invited by e-mail who, once accepted, manages the same family. */

let t: TestApp;
const { tokens, statuses, call, as } = recordingClient(() => t);

async function signUp(who: string, email: string, firstName: string, headers: Record<string, string> = {}) {
  const r = await call('POST', '/api/auth/sign-up', {
    headers,
    body: {
      gender: 'M',
      firstName,
      lastName: 'Peeters',
      birthdate: '1983-10-10',
      address: 'Chaussée de Wavre 210',
      city: 'Etterbeek',
      postalCode: '1040',
      country: 'BEL',
      phoneNumber: '+32 476 11 22 33',
      email,
      password: 'Secret123',
      confirmPassword: 'Secret123',
    },
  });
  expect(r.statusCode).toBe(201);
  tokens[who] = r.json().accessToken;
  return r.json() as { user: { id: string; memberId: string } };
}

const INVITATION_LINK = /type=representative-invitation&token=([A-Za-z0-9_-]+)/;
const invitationMails = (email: string) => t.inbox.mailsTo(email).filter((m) => INVITATION_LINK.test(m.text));

/** Invites `email` as `who` and returns the invitation and the token of the link mailed. */
async function invite(who: string, email: string, body: Record<string, unknown> = {}) {
  const before = invitationMails(email).length;
  const r = await as(who, 'POST', '/api/me/representatives', { email, ...body });
  expect(r.statusCode).toBe(201);
  await t.waitForMail(email);
  const deadline = Date.now() + 10_000;
  while (invitationMails(email).length <= before && Date.now() < deadline) {
    await t.app.ctx.queue.runUntilIdle();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const mail = invitationMails(email)[before]!;
  return { invitation: r.json(), mail, token: INVITATION_LINK.exec(mail.text)![1]! };
}

const view = (token: string, host?: string) =>
  call('GET', `/api/representative-invitations/${token}`, { host });
const accept = (who: string, token: string) =>
  as(who, 'POST', `/api/representative-invitations/${token}/accept`);
const names = (list: { items: { firstName: string }[] }) => list.items.map((m) => m.firstName).sort();

beforeAll(async () => {
  t = await createTestApp();
  for (const kind of Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[]) {
    const host = kind === 'sysadmin' || kind === 'support' ? ADMIN_HOST : undefined;
    tokens[kind] = (await t.signIn(DEMO_ACCOUNTS[kind], undefined, host)).accessToken;
  }
});

afterAll(async () => {
  expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
  await t.close();
});

describe('the invitation flow, end to end with two accounts', () => {
  let token: string;
  let invitationId: string;

  it('invites an adult by e-mail in the inviter’s language, and lists the invitation', async () => {
    const sent = await invite('parent', 'Paul.Peeters@Example.be', {
      firstName: 'Paul',
      lastName: 'Peeters',
    });
    token = sent.token;
    invitationId = sent.invitation.id;
    expect(sent.invitation).toMatchObject({
      email: 'paul.peeters@example.be',
      status: 'pending',
      invitedBy: { displayName: 'Claire Peeters' },
    });
    expect(sent.mail.subject).toBe('Claire Peeters vous invite à gérer sa famille sur Club Sportif Démo');
    expect(sent.mail.text).toContain('Bonjour Paul,');
    expect(sent.mail.text).toContain(
      'http://demo.localhost:3000/redirect-message?type=representative-invitation&token=',
    );
    const stored = await t.database.query<{ token_hash: string }>(
      'select token_hash from representative_invitations where id = $1',
      [invitationId],
    );
    expect(stored[0]!.token_hash).not.toBe(token);

    const list = (await as('parent', 'GET', '/api/me/representatives')).json();
    expect(list).toMatchObject({ items: [], total: 0 });
    expect(list.pendingInvitations).toEqual([
      expect.objectContaining({ id: invitationId, status: 'pending' }),
    ]);
  });

  it('shows the invited person who invites them, to which family, without signing in', async () => {
    const r = await view(token);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      organizationName: 'Club Sportif Démo',
      inviterName: 'Claire Peeters',
      memberFirstNames: ['Léa', 'Tom'],
      email: 'paul.peeters@example.be',
      status: 'pending',
    });
    expect((await view(token, ADMIN_HOST)).statusCode).toBe(404);
    expect((await view('A'.repeat(43))).statusCode).toBe(404);
    expect((await view('not a token!')).statusCode).toBe(400);
  });

  it('lets the invited adult, signed in, join the family with their own children', async () => {
    await signUp('paul', 'paul.peeters@example.be', 'Paul');
    await as('paul', 'POST', '/api/me/delegated', {
      gender: 'F',
      firstName: 'Zoé',
      lastName: 'Peeters',
      birthdate: '2020-01-15',
    });
    expect((await call('POST', `/api/representative-invitations/${token}/accept`)).statusCode).toBe(401);

    const r = await accept('paul', token);
    expect(r.statusCode).toBe(204);
    // Both adults now see and manage the same members.
    expect(names((await as('paul', 'GET', '/api/me/delegated')).json())).toEqual(['Léa', 'Tom', 'Zoé']);
    expect(names((await as('parent', 'GET', '/api/me/delegated')).json())).toEqual(['Léa', 'Tom', 'Zoé']);
    const reps = (await as('parent', 'GET', '/api/me/representatives')).json();
    expect(reps.items).toEqual([
      expect.objectContaining({
        firstName: 'Paul',
        email: 'paul.peeters@example.be',
        displayName: 'Paul Peeters',
      }),
    ]);
    expect(reps.pendingInvitations).toEqual([]);
    expect((await as('paul', 'GET', '/api/me/representatives')).json().items).toEqual([
      expect.objectContaining({ firstName: 'Claire', email: DEMO_ACCOUNTS.parent }),
    ]);
    expect((await view(token)).json().status).toBe('accepted');
    expect((await accept('paul', token)).statusCode).toBe(409);
  });

  it('lets each adult edit and remove the shared members', async () => {
    const lea = (await as('paul', 'GET', '/api/me/delegated'))
      .json()
      .items.find((m: { firstName: string }) => m.firstName === 'Léa');
    expect((await as('paul', 'PATCH', `/api/me/delegated/${lea.id}`, { city: 'Ixelles' })).statusCode).toBe(
      200,
    );
    expect((await as('parent', 'GET', `/api/me/delegated/${lea.id}`)).json().city).toBe('Ixelles');
    const zoe = (await as('parent', 'GET', '/api/me/delegated'))
      .json()
      .items.find((m: { firstName: string }) => m.firstName === 'Zoé');
    expect((await as('parent', 'DELETE', `/api/me/delegated/${zoe.id}`)).statusCode).toBe(204);
    expect(names((await as('paul', 'GET', '/api/me/delegated')).json())).toEqual(['Léa', 'Tom']);
  });

  it('refuses an account that already shares its family with another adult (409)', async () => {
    const { token: holderInvite } = await invite('holder', 'paul.peeters@example.be');
    const r = await accept('paul', holderInvite);
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toBe('family_shared');
    expect(r.json().message).toBe(
      "Votre compte partage déjà une famille avec un autre représentant : il ne peut pas rejoindre une autre famille. Demandez à l'organisation de vous aider.",
    );
    expect(names((await as('paul', 'GET', '/api/me/delegated')).json())).toEqual(['Léa', 'Tom']);
    expect((await view(holderInvite)).json().status).toBe('pending');
    // An invitation to another address is not Paul's to accept, even into his own family.
    const { token: again } = await invite('parent', 'holder@demo.test');
    expect((await accept('paul', again)).statusCode).toBe(403);
  });
});

describe('declining, revoking, expiring', () => {
  it('declines without signing in; the link then stops working', async () => {
    const { token } = await invite('parent', 'no-thanks@example.be');
    expect((await call('POST', `/api/representative-invitations/${token}/decline`)).statusCode).toBe(204);
    expect((await view(token)).json().status).toBe('declined');
    expect((await call('POST', `/api/representative-invitations/${token}/decline`)).statusCode).toBe(409);
    await signUp('noThanks', 'no-thanks@example.be', 'Nora');
    const r = await accept('noThanks', token);
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toBe('representative_invitation_not_pending');
    expect(r.json().message).toBe(
      "Cette invitation n'est plus valable : elle a déjà reçu une réponse, a été annulée ou a expiré.",
    );
  });

  it('lets the family revoke an invitation still open; a new one to the same address replaces the old', async () => {
    const first = await invite('parent', 'maybe@example.be');
    const second = await invite('parent', 'maybe@example.be');
    expect((await view(first.token)).json().status).toBe('revoked');
    const pending = (await as('parent', 'GET', '/api/me/representatives')).json().pendingInvitations;
    expect(pending.filter((i: { email: string }) => i.email === 'maybe@example.be')).toHaveLength(1);

    // The other adult of the family may revoke it too; another family may not (404).
    expect(
      (await as('holder', 'DELETE', `/api/me/representatives/invitations/${second.invitation.id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await as('paul', 'DELETE', `/api/me/representatives/invitations/${second.invitation.id}`)).statusCode,
    ).toBe(204);
    expect((await view(second.token)).json().status).toBe('revoked');
    expect(
      (await as('parent', 'DELETE', `/api/me/representatives/invitations/${second.invitation.id}`))
        .statusCode,
    ).toBe(409);
    expect((await as('parent', 'DELETE', '/api/me/representatives/invitations/rpi_unknown')).statusCode).toBe(
      404,
    );
  });

  it('expires after 14 days', async () => {
    const { token } = await invite('parent', 'late@example.be');
    await signUp('late', 'late@example.be', 'Lucas');
    t.clock.advance(15 * 24 * 3600_000);
    try {
      tokens.late = (await t.signIn('late@example.be', 'Secret123')).accessToken;
      expect((await view(token)).json().status).toBe('expired');
      expect((await accept('late', token)).statusCode).toBe(409);
      expect((await call('POST', `/api/representative-invitations/${token}/decline`)).statusCode).toBe(409);
    } finally {
      t.clock.advance(-15 * 24 * 3600_000);
    }
  });
});

describe('invitation input and rights', () => {
  it('mails in the inviter’s language', async () => {
    await signUp('english', 'english@example.be', 'John', { 'accept-language': 'en' });
    const { mail } = await invite('english', 'partner@example.be');
    expect(mail.subject).toBe('John Peeters invites you to manage their family on Club Sportif Démo');
    expect(mail.text).toContain('Hello,');
  });

  it('refuses bad input with French messages', async () => {
    const empty = await as('parent', 'POST', '/api/me/representatives', {});
    expect(empty.statusCode).toBe(400);
    expect(fields(empty)).toEqual({ email: 'Ce champs est requis' });
    const bad = await as('parent', 'POST', '/api/me/representatives', {
      email: 'pas-une-adresse',
      firstName: 'P',
    });
    expect(fields(bad)).toEqual({
      email: 'Adresse e-mail invalide',
      firstName: 'Ce champ doit contenir au moins 2 caractères',
    });
    const self = await as('parent', 'POST', '/api/me/representatives', { email: 'PARENT@demo.test' });
    expect(self.statusCode).toBe(400);
    expect(fields(self)).toEqual({ email: 'Vous ne pouvez pas vous inviter vous-même.' });
    const already = await as('parent', 'POST', '/api/me/representatives', {
      email: 'paul.peeters@example.be',
    });
    expect(already.statusCode).toBe(409);
    expect(already.json().error).toBe('already_representative');
    expect(already.json().message).toBe('Cette personne représente déjà votre famille.');
  });

  it('is for family accounts only; managers and system staff get 403', async () => {
    for (const who of ['admin', 'manager', 'estManager', 'sysadmin', 'support']) {
      expect((await as(who, 'GET', '/api/me/representatives')).statusCode).toBe(403);
      expect((await as(who, 'POST', '/api/me/representatives', { email: 'x@example.be' })).statusCode).toBe(
        403,
      );
    }
    const { token } = await invite('parent', 'staff-target@example.be');
    expect((await accept('manager', token)).statusCode).toBe(403);
    expect((await call('GET', '/api/me/representatives')).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/me/representatives', { body: { email: 'x@example.be' } })).statusCode,
    ).toBe(401);
    expect((await call('DELETE', '/api/me/representatives/invitations/rpi_x')).statusCode).toBe(401);
  });
});
