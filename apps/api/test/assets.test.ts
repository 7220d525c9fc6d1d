import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
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
const MB = 1024 * 1024;

/** A real image of `width` × `height` (a two-colour gradient, so encoders have something to do). */
function picture(format: 'png' | 'jpeg' | 'webp', width: number, height: number, alpha = false) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#f97316"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="${alpha ? 'none' : 'url(#g)'}"/><circle cx="50%" cy="50%" r="30%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg))[format]().toBuffer();
}
let JPEG: Buffer;
let WEBP: Buffer;

beforeAll(async () => {
  JPEG = await picture('jpeg', 40, 30);
  WEBP = await picture('webp', 40, 30);
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
      byteSize: expect.any(Number),
      url: `/api/assets/serve/${asset.id}?orgId=org_demo`,
    });
    const [row] = await t.database.query<{
      sha256: string;
      file_name: string;
      created_by_user_id: string;
      data: Buffer;
    }>('select sha256, file_name, created_by_user_id, data from assets where id = $1', [asset.id]);
    // Stored as decoded and encoded again: still the same 1×1 PNG picture.
    expect(await sharp(row!.data).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(row!.data.length).toBe(asset.byteSize);
    expect(row).toMatchObject({
      sha256: createHash('sha256').update(row!.data).digest('hex'),
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
    expect(jpeg.json()).toMatchObject({ contentType: 'image/jpeg' });
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
    // Random pixels do not compress: a real PNG of more than 2 MB.
    const twoMb = await sharp(randomBytes(1000 * 750 * 3), { raw: { width: 1000, height: 750, channels: 3 } })
      .png()
      .toBuffer();
    expect(twoMb.length).toBeGreaterThan(2 * MB);
    const ok = await upload('manager', image(twoMb));
    expect(ok.statusCode).toBe(201);
  });

  it('resizes each image to the size its page shows, in the type it is served with', async () => {
    const photo = await picture('jpeg', 4000, 3000);
    const cases = [
      { purpose: 'background', input: photo, format: 'webp', width: 1333, height: 1000 },
      { purpose: 'activity', input: photo, format: 'jpeg', width: 1067, height: 800 },
      { purpose: 'favicon', input: await picture('png', 300, 200), format: 'png', width: 64, height: 64 },
      {
        purpose: 'logo',
        input: await picture('png', 1024, 512, true),
        format: 'png',
        width: 512,
        height: 256,
      },
      // Small enough already: never enlarged.
      { purpose: 'logo', input: JPEG, format: 'jpeg', width: 40, height: 30 },
    ];
    for (const c of cases) {
      const r = await t.request('POST', `/api/assets?purpose=${c.purpose}`, {
        token: tokens.manager,
        organizationId: 'org_demo',
        ...(({ body, contentType }) => ({ body, headers: { 'content-type': contentType } }))(
          multipart(image(c.input, c.format === 'png' ? 'image/png' : 'image/jpeg')),
        ),
      });
      expect(r.statusCode, c.purpose).toBe(201);
      expect(r.json().contentType, c.purpose).toBe(`image/${c.format}`);
      const served = await serve(r.json().url);
      expect(served.headers['content-type'], c.purpose).toBe(`image/${c.format}`);
      const meta = await sharp(served.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }, c.purpose).toEqual({
        format: c.format,
        width: c.width,
        height: c.height,
      });
      if (c.purpose === 'logo' && c.format === 'png') expect(meta.hasAlpha).toBe(true);
    }
    const bad = await t.request('POST', '/api/assets?purpose=poster', {
      token: tokens.manager,
      organizationId: 'org_demo',
      body: multipart(image(PNG)).body,
      headers: { 'content-type': multipart(image(PNG)).contentType },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('purpose');
  });

  it('refuses an image that starts like one but cannot be decoded, and a decompression bomb', async () => {
    const before = await storedAssets();
    const truncated = JPEG.subarray(0, 40);
    const garbage = Buffer.concat([PNG.subarray(0, 16), randomBytes(200)]);
    // 10 000 × 5 000 pixels of one colour: a few kilobytes that would take 200 MB to decode.
    const bomb = await sharp({
      create: { width: 10_000, height: 5_000, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(MB);
    for (const [label, data, type] of [
      ['truncated JPEG', truncated, 'image/jpeg'],
      ['PNG signature then noise', garbage, 'image/png'],
      ['bomb', bomb, 'image/png'],
    ] as const) {
      const r = await upload('manager', image(data, type));
      expect(r.statusCode, label).toBe(415);
      expect(r.json().message, label).toBe('Cette image est illisible ou endommagée.');
    }
    expect(await storedAssets()).toBe(before);
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
  let stored: Buffer;
  beforeAll(async () => {
    url = (await upload('manager', image(PNG))).json().url;
    const id = url.split('/').at(-1)!.split('?')[0]!;
    const [row] = await t.database.query<{ data: Buffer }>('select data from assets where id = $1', [id]);
    stored = row!.data;
    etag = `"${createHash('sha256').update(stored).digest('hex')}"`;
  });

  it('serves the bytes to anyone, immutable, with an ETag and a locked-down policy', async () => {
    const r = await serve(url);
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.equals(stored)).toBe(true);
    expect(r.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      etag,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    });
    // From another organisation's host too: the id and orgId name it.
    const elsewhere = await serve(url, { host: 'othertown.localhost:3000' });
    expect(elsewhere.rawPayload.equals(stored)).toBe(true);
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
    expect(changed.rawPayload.equals(stored)).toBe(true);
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
