import { createHash, randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, organizations } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { multipart, type MultipartPart } from './helpers/multipart';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const tokens = {} as Record<keyof typeof DEMO_ACCOUNTS, string>;
const responses: { label: string; status: number }[] = [];

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  randomBytes(32),
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  randomBytes(18),
]);
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await createTestApp();
  for (const kind of Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[]) {
    const host = kind === 'sysadmin' || kind === 'support' ? ADMIN_HOST : undefined;
    tokens[kind] = (await t.signIn(DEMO_ACCOUNTS[kind], undefined, host)).accessToken;
  }
  await t.db
    .insert(organizations)
    .values({ id: 'org_othertown', key: 'othertown', name: 'Club de Othertown' });
});

afterAll(async () => {
  expect(responses.filter((r) => r.status >= 500)).toEqual([]);
  await t.close();
});

type Part = MultipartPart;

type Kind = keyof typeof DEMO_ACCOUNTS | 'anonymous';

async function upload(
  kind: Kind,
  parts: Part[] | { body: Buffer | string; contentType: string },
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const { body, contentType } = Array.isArray(parts) ? multipart(parts) : parts;
  const r = await t.request('POST', '/api/assets', {
    ...(kind === 'anonymous' ? {} : { token: tokens[kind], organizationId: 'org_demo' }),
    body,
    headers: { 'content-type': contentType, ...headers },
  });
  responses.push({ label: `${kind} upload`, status: r.statusCode });
  return r;
}

const image = (data: Buffer, contentType = 'image/png', filename = 'logo.png'): Part[] => [
  { name: 'file', filename, contentType, data },
];

async function serve(url: string, headers: Record<string, string> = {}) {
  const r = await t.request('GET', url, { headers });
  responses.push({ label: `GET ${url}`, status: r.statusCode });
  return r;
}

const storedAssets = async () => (await t.db.select({ n: count() }).from(assets))[0]!.n;

describe('POST /assets', () => {
  it('stores a PNG uploaded by a manager and answers where it is served', async () => {
    const r = await upload('manager', [{ name: 'label', data: 'Logo du club' }, ...image(PNG)]);
    expect(r.statusCode).toBe(201);
    const asset = r.json();
    expect(asset).toEqual({
      id: expect.stringMatching(/^ast_[0-9a-z]{26}$/),
      contentType: 'image/png',
      byteSize: PNG.length,
      url: `/api/assets/serve/${asset.id}?orgId=org_demo`,
    });
    const [row] = await t.database.query<{ sha256: string; file_name: string; created_by_user_id: string }>(
      'select sha256, file_name, created_by_user_id from assets where id = $1',
      [asset.id],
    );
    expect(row).toMatchObject({
      sha256: createHash('sha256').update(PNG).digest('hex'),
      file_name: 'logo.png',
    });
    expect(row!.created_by_user_id).toMatch(/^usr_/);
  });

  it('is for establishment managers and above, system staff included', async () => {
    for (const kind of ['estManager', 'manager', 'admin', 'sysadmin', 'support'] as const) {
      const r = await upload(kind, image(PNG));
      expect(r.statusCode, kind).toBe(201);
      expect(r.json().url, kind).toMatch(/\?orgId=org_demo$/);
    }
    const before = await storedAssets();
    for (const kind of ['parent', 'holder'] as const) {
      expect((await upload(kind, image(PNG))).statusCode, kind).toBe(403);
    }
    expect((await upload('anonymous', image(PNG))).statusCode).toBe(401);
    expect(await storedAssets()).toBe(before);
  });

  it('recognises JPEG and WebP by their bytes, and stores the detected type', async () => {
    const jpeg = await upload('manager', image(JPEG, 'image/jpeg', 'photo.jpg'));
    expect(jpeg.json()).toMatchObject({ contentType: 'image/jpeg', byteSize: JPEG.length });
    const webp = await upload('manager', image(WEBP, 'image/webp', 'photo.webp'));
    expect(webp.json()).toMatchObject({ contentType: 'image/webp' });
    // Declared PNG, really a JPEG: kept, under its true type.
    const mislabelled = await upload('manager', image(JPEG, 'image/png', 'photo.png'));
    expect(mislabelled.json()).toMatchObject({ contentType: 'image/jpeg' });
  });

  it('refuses what is not a PNG, JPEG or WebP image, whatever it claims to be', async () => {
    const before = await storedAssets();
    const cases: [string, Part[]][] = [
      ['text disguised as PNG', image(Buffer.from('I am definitely an image'), 'image/png', 'fake.png')],
      ['HTML disguised as PNG', image(Buffer.from('<script>alert(1)</script>'), 'image/png')],
      ['SVG', image(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 'a.svg')],
      ['GIF', image(Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/gif', 'a.gif')],
      ['PNG declared as text', image(PNG, 'text/plain', 'logo.txt')],
    ];
    for (const [label, parts] of cases) {
      const r = await upload('manager', parts);
      expect(r.statusCode, label).toBe(415);
      expect(r.json(), label).toMatchObject({
        statusCode: 415,
        error: 'unsupported_media_type',
        message: 'Seules les images PNG, JPEG ou WebP sont acceptées.',
      });
    }
    const english = await upload('manager', cases[0]![1], { 'accept-language': 'en' });
    expect(english.json().message).toBe('Only PNG, JPEG or WebP images are accepted.');
    expect(await storedAssets()).toBe(before);
  });

  it('refuses a file over 5 MB with 413, and accepts one above the JSON body limit', async () => {
    const before = await storedAssets();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * MB + 1 - PNG.length)]);
    const r = await upload('manager', image(big));
    expect(r.statusCode).toBe(413);
    expect(r.json()).toMatchObject({
      statusCode: 413,
      error: 'payload_too_large',
      message: 'Le fichier ne doit pas dépasser 5 Mo.',
    });
    expect(await storedAssets()).toBe(before);
    const twoMb = Buffer.concat([PNG, Buffer.alloc(2 * MB)]);
    const ok = await upload('manager', image(twoMb));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().byteSize).toBe(twoMb.length);
  });

  it('refuses bodies without one usable file', async () => {
    const before = await storedAssets();
    const noFile = await upload('manager', [{ name: 'label', data: 'rien' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().details).toEqual([
      {
        field: 'file',
        rule: 'required',
        message: 'Veuillez joindre un fichier image (envoi multipart/form-data).',
      },
    ]);
    const empty = await upload('manager', image(Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    const two = await upload('manager', [...image(PNG), { ...image(PNG)[0]!, name: 'other' }]);
    expect(two.statusCode).toBe(413);
    const json = await upload('manager', {
      body: JSON.stringify({ file: 'x' }),
      contentType: 'application/json',
    });
    expect(json.statusCode).toBe(415);
    const noBoundary = await upload('manager', { body: 'garbage', contentType: 'multipart/form-data' });
    expect(noBoundary.statusCode).toBe(400);
    const truncated = multipart(image(PNG));
    const cut = await upload('manager', {
      body: truncated.body.subarray(0, truncated.body.length - 30),
      contentType: truncated.contentType,
    });
    expect(cut.statusCode).toBe(400);
    expect(await storedAssets()).toBe(before);
  });
});

describe('GET /assets/serve/{id}', () => {
  let url: string;
  let etag: string;
  beforeAll(async () => {
    url = (await upload('manager', image(PNG))).json().url;
    etag = `"${createHash('sha256').update(PNG).digest('hex')}"`;
  });

  it('serves the bytes to anyone, immutable, with an ETag and a locked-down policy', async () => {
    const r = await serve(url);
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.equals(PNG)).toBe(true);
    expect(r.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      etag,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    });
    // From another organisation's host too: the id and orgId name it.
    const elsewhere = await serve(url, { host: 'othertown.localhost:3000' });
    expect(elsewhere.rawPayload.equals(PNG)).toBe(true);
  });

  it('answers 304 when the client already holds it', async () => {
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const r = await serve(url, { 'if-none-match': header });
      expect(r.statusCode, header).toBe(304);
      expect(r.body).toBe('');
      expect(r.headers.etag).toBe(etag);
    }
    const changed = await serve(url, { 'if-none-match': '"something-else"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(PNG)).toBe(true);
  });

  it('answers 404 (JSON error) for an unknown id or another organisation', async () => {
    const id = url.split('/').at(-1)!.split('?')[0]!;
    for (const wrong of [
      `/api/assets/serve/ast_nowhere?orgId=org_demo`,
      `/api/assets/serve/${id}?orgId=org_othertown`,
      `/api/assets/serve/${id}?orgId=org_nowhere`,
    ]) {
      const r = await serve(wrong);
      expect(r.statusCode, wrong).toBe(404);
      expect(r.json(), wrong).toMatchObject({ statusCode: 404, error: 'not_found' });
      const conditional = await serve(wrong, { 'if-none-match': etag });
      expect(conditional.statusCode, wrong).toBe(404);
    }
  });

  it('needs the organisation id', async () => {
    const id = url.split('/').at(-1)!.split('?')[0]!;
    const r = await serve(`/api/assets/serve/${id}`);
    expect(r.statusCode).toBe(400);
    expect(r.json().details[0].field).toBe('orgId');
  });
});
