import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishments, organizations } from '../src/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo/accounts';
import { hashPassword } from '../src/lib/password';
import { createUserRepository } from '../src/modules/users/user.repository';
import { multipart } from './helpers/multipart';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
type Who = 'sysadmin' | 'support' | 'admin' | 'manager' | 'parent' | 'otherAdmin';
const tokens = {} as Record<Who, string>;
const orgOf: Record<Who, string> = {
  sysadmin: 'org_sysadmin',
  support: 'org_sysadmin',
  admin: 'org_demo',
  manager: 'org_demo',
  parent: 'org_demo',
  otherAdmin: 'org_other',
};
const statuses: number[] = [];

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(organizations).values({ id: 'org_other', key: 'other', name: 'Autre club' });
  await t.db.insert(establishments).values({ organizationId: 'org_other', id: 'est_default', name: 'Salle' });
  await createUserRepository(t.db).createAccount('org_other', {
    email: 'admin@other.test',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    role: 'admin',
    person: { firstName: 'Olga', lastName: 'Autre' },
  });
  for (const who of ['sysadmin', 'support', 'admin', 'manager', 'parent'] as const) {
    const host = who === 'sysadmin' || who === 'support' ? ADMIN_HOST : undefined;
    tokens[who] = (await t.signIn(DEMO_ACCOUNTS[who], undefined, host)).accessToken;
  }
  tokens.otherAdmin = (await t.signIn('admin@other.test', undefined, 'other.localhost:3000')).accessToken;
});

afterAll(async () => {
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  await t.close();
});

async function call(
  who: Who,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const r = await t.request(method, `/api${url}`, {
    token: tokens[who],
    organizationId: orgOf[who],
    body,
    headers,
    host: orgOf[who] === 'org_sysadmin' ? ADMIN_HOST : undefined,
  });
  statuses.push(r.statusCode);
  return r;
}

async function upload(who: Who, data: Buffer, filename: string, contentType: string) {
  const { body, contentType: type } = multipart([{ name: 'file', filename, contentType, data }]);
  return call(who, 'POST', '/support/attachments', body, { 'content-type': type });
}

describe('contact support', () => {
  let supportThread: string;
  let clubThread: string;

  it('lets support staff write with a PDF attached, mailed to the system administrators', async () => {
    const file = await upload('support', PDF, 'facture.pdf', 'application/pdf');
    expect(file.statusCode).toBe(201);
    expect(file.json()).toMatchObject({ contentType: 'application/pdf', fileName: 'facture.pdf' });
    const r = await call('support', 'POST', '/support/threads', {
      subject: 'Un club ne reçoit plus ses e-mails',
      message: 'Bonjour, le club Demo ne reçoit plus les confirmations.',
      attachmentId: file.json().id,
    });
    expect(r.statusCode).toBe(201);
    const thread = r.json();
    supportThread = thread.id;
    expect(thread).toMatchObject({ status: 'open', organizationId: 'org_sysadmin', canClose: false });
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0]).toMatchObject({
      mine: true,
      fromPlatform: false,
      authorName: 'Samuel Support',
    });
    expect(thread.messages[0].attachment).toMatchObject({ contentType: 'application/pdf' });

    const mail = await t.waitForMail(DEMO_ACCOUNTS.sysadmin);
    expect(mail.subject).toContain('Un club ne reçoit plus ses e-mails');
    expect(mail.text).toContain('le club Demo ne reçoit plus les confirmations');
    expect(mail.text).toContain('http://admin.localhost:3000/contact-support?thread=');
  });

  it('lets a club administrator write for their club', async () => {
    const r = await call('admin', 'POST', '/support/threads', {
      subject: 'Question sur la facturation',
      message: 'Comment changer de formule ?',
    });
    expect(r.statusCode).toBe(201);
    clubThread = r.json().id;
    expect(r.json()).toMatchObject({ organizationId: 'org_demo', organizationName: expect.any(String) });
    await t.waitForMail(DEMO_ACCOUNTS.sysadmin, 2);
  });

  it('shows every thread to the system administrator, their own to the others', async () => {
    const all = (await call('sysadmin', 'GET', '/support/threads'))
      .json()
      .items.map((i: { id: string }) => i.id);
    expect(all).toEqual(expect.arrayContaining([supportThread, clubThread]));
    const mine = (await call('support', 'GET', '/support/threads'))
      .json()
      .items.map((i: { id: string }) => i.id);
    expect(mine).toEqual([supportThread]);
    const club = (await call('admin', 'GET', '/support/threads'))
      .json()
      .items.map((i: { id: string }) => i.id);
    expect(club).toEqual([clubThread]);
    expect((await call('otherAdmin', 'GET', '/support/threads')).json().items).toEqual([]);
    const open = await call('sysadmin', 'GET', '/support/threads?status=closed');
    expect(open.json().items).toEqual([]);
  });

  it('refuses managers and families (403) and hides a thread from another organisation (404)', async () => {
    for (const who of ['manager', 'parent'] as const) {
      expect((await call(who, 'GET', '/support/threads')).statusCode).toBe(403);
      expect((await call(who, 'POST', '/support/threads', { subject: 'x', message: 'y' })).statusCode).toBe(
        403,
      );
      expect((await call(who, 'GET', `/support/threads/${clubThread}`)).statusCode).toBe(403);
    }
    expect((await call('otherAdmin', 'GET', `/support/threads/${clubThread}`)).statusCode).toBe(404);
    expect(
      (await call('otherAdmin', 'POST', `/support/threads/${clubThread}/messages`, { message: 'hop' }))
        .statusCode,
    ).toBe(404);
    expect((await call('support', 'GET', `/support/threads/${clubThread}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/support/threads/${supportThread}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/support/threads/spt_unknown')).statusCode).toBe(404);
    // The platform answers, it does not open threads; only it closes them.
    expect(
      (await call('sysadmin', 'POST', '/support/threads', { subject: 'x', message: 'y' })).statusCode,
    ).toBe(403);
    expect((await call('admin', 'POST', `/support/threads/${clubThread}/close`)).statusCode).toBe(403);
    const anonymous = await t.request('GET', '/api/support/threads');
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers (mailed to the author), the author replies, the administrator closes', async () => {
    const answer = await call('sysadmin', 'POST', `/support/threads/${clubThread}/messages`, {
      message: 'Depuis la Configuration, section Licence.',
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ status: 'answered', canClose: true });
    const mail = await t.waitForMail(DEMO_ACCOUNTS.admin);
    expect(mail.subject).toContain('Question sur la facturation');
    expect(mail.text).toContain('Depuis la Configuration, section Licence.');
    expect(mail.text).toContain('http://demo.localhost:3000/contact-support?thread=');

    const seen = (await call('admin', 'GET', `/support/threads/${clubThread}`)).json();
    expect(seen.messages.map((m: { fromPlatform: boolean }) => m.fromPlatform)).toEqual([false, true]);
    const back = await call('admin', 'POST', `/support/threads/${clubThread}/messages`, {
      message: 'Merci !',
    });
    expect(back.json().status).toBe('open');
    await t.waitForMail(DEMO_ACCOUNTS.sysadmin, 3);

    const closed = await call('sysadmin', 'POST', `/support/threads/${clubThread}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', canClose: false });
    const again = await call('sysadmin', 'POST', `/support/threads/${clubThread}/close`);
    expect(again.json().status).toBe('closed');

    const late = await call('admin', 'POST', `/support/threads/${clubThread}/messages`, {
      message: 'Encore',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      error: 'support_thread_closed',
      message: 'Cette conversation est fermée : ouvrez-en une nouvelle',
    });
    const lateEn = await call(
      'admin',
      'POST',
      `/support/threads/${clubThread}/messages`,
      { message: 'Again' },
      { 'accept-language': 'en' },
    );
    expect(lateEn.json().message).toBe('This conversation is closed: start a new one');
  });

  it('names each bad field in French and in English', async () => {
    const fr = await call('admin', 'POST', '/support/threads', { subject: '  ', message: 'x'.repeat(5001) });
    expect(fr.statusCode).toBe(400);
    const fields = fr.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['subject', 'message']));
    expect(fr.json().details.find((d: { field: string }) => d.field === 'subject').message).toBe(
      'Ce champs est requis',
    );
    const en = await call(
      'admin',
      'POST',
      '/support/threads',
      { subject: 'Hello', message: '' },
      { 'accept-language': 'en' },
    );
    expect(en.statusCode).toBe(400);
    expect(en.json().details[0]).toMatchObject({ field: 'message' });
    expect(en.json().details[0].message).toMatch(/required/i);
    const notAnObject = await call('admin', 'POST', '/support/threads', 'hello', {
      'content-type': 'application/json',
    });
    expect(notAnObject.statusCode).toBe(400);
    const status = await call('admin', 'GET', '/support/threads?status=pending');
    expect(status.statusCode).toBe(400);
  });

  it('checks an attachment by its content and keeps it under 5 MB', async () => {
    const disguised = await upload(
      'admin',
      Buffer.from('MZ\x90\x00 an executable'),
      'photo.png',
      'image/png',
    );
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json()).toMatchObject({
      error: 'support_attachment_type',
      message: 'La pièce jointe doit être un PDF ou une image (PNG, JPEG, WebP)',
    });
    const big = Buffer.concat([PDF, randomBytes(5 * MB)]);
    const tooLarge = await upload('admin', big, 'gros.pdf', 'application/pdf');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: 'support_attachment_too_large' });
    const png = await upload('admin', PNG, 'capture.pdf', 'application/pdf');
    expect(png.json().contentType).toBe('image/png');
    const notMultipart = await call('admin', 'POST', '/support/attachments', { file: 'x' });
    expect(notMultipart.statusCode).toBe(415);
    expect((await upload('manager', PNG, 'a.png', 'image/png')).statusCode).toBe(403);
  });

  it('joins an attachment only to its uploader’s message, and serves it to the thread’s readers', async () => {
    const file = (await upload('admin', PNG, 'ecran.png', 'image/png')).json();
    const stolen = await call('otherAdmin', 'POST', '/support/threads', {
      subject: 'Vol',
      message: 'Je prends la pièce jointe d’un autre',
      attachmentId: file.id,
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().details[0].field).toBe('attachmentId');

    const thread = (
      await call('admin', 'POST', '/support/threads', {
        subject: 'Capture',
        message: 'Voici l’écran',
        attachmentId: file.id,
      })
    ).json();
    const reused = await call('admin', 'POST', `/support/threads/${thread.id}/messages`, {
      message: 'Encore la même',
      attachmentId: file.id,
    });
    expect(reused.statusCode).toBe(400);

    const url = `/support/threads/${thread.id}/attachments/${file.id}`;
    const mine = await call('admin', 'GET', url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['content-disposition']).toContain('attachment');
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    expect((await call('sysadmin', 'GET', url)).statusCode).toBe(200);
    expect((await call('otherAdmin', 'GET', url)).statusCode).toBe(404);
    expect((await call('support', 'GET', url)).statusCode).toBe(404);
    expect(
      (await call('admin', 'GET', `/support/threads/${thread.id}/attachments/spa_nope`)).statusCode,
    ).toBe(404);
  });
});
