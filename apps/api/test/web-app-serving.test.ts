import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { LOGIN_SHELL } from '@inscrio/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let webDist: string;
const BOOT_SCRIPT = 'window.__inscrioOrganization = null;';
const SHELL_SCRIPT = 'window.__shell = true;';
const APP_JS = `console.log(${JSON.stringify('app '.repeat(200))})`;
/** Stands for the web app's login page bundled for Node (apps/web/build-plugins.ts, `loginShell`). */
const RENDERER = `export function renderLoginPage(organization, address) {
  return '<form data-rendered>' + organization.name.replace(/</g, '&lt;') + ' ' + address.replace(/&/g, '&amp;') + '</form>';
}`;

/** Writes a file with its brotli and gzip copies, as the web app's build does. */
async function writeBuilt(file: string, content: string): Promise<void> {
  await fs.writeFile(file, content);
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(content));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(content));
}

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'inscrio-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await writeBuilt(
    path.join(webDist, 'index.html'),
    `<!doctype html><title>Inscrio</title><script>${BOOT_SCRIPT}</script><div id="root"></div>`,
  );
  await writeBuilt(path.join(webDist, 'assets', 'app-1a2b.js'), APP_JS);
  await writeBuilt(
    path.join(webDist, LOGIN_SHELL.template),
    `<!doctype html><head>${LOGIN_SHELL.organizationMarker}<script>${BOOT_SCRIPT}</script></head>` +
      `<div id="${LOGIN_SHELL.shellElementId}">${LOGIN_SHELL.pageMarker}</div><script>${SHELL_SCRIPT}</script><div id="root"></div>`,
  );
  await fs.mkdir(path.join(webDist, path.dirname(LOGIN_SHELL.renderer)));
  await fs.writeFile(path.join(webDist, LOGIN_SHELL.renderer), RENDERER);
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers every page path, the root included, with index.html, revalidated each time', async () => {
    for (const url of ['/', '/login?redirect=%2Fprofile', '/managing/blueprints/bp_1']) {
      const r = await t.request('GET', url);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type']).toContain('text/html');
      expect(r.body).toContain('<div id="root">');
      expect(r.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves a hashed asset compressed as the browser accepts, cached for a year, varying on Accept-Encoding', async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', decode: zlib.brotliDecompressSync },
      { accept: 'gzip, deflate', encoding: 'gzip', decode: zlib.gunzipSync },
      { accept: 'identity', encoding: undefined, decode: (body: Buffer) => body },
    ];
    for (const { accept, encoding, decode } of cases) {
      const r = await t.app.inject({
        method: 'GET',
        url: '/assets/app-1a2b.js',
        headers: { 'accept-encoding': accept },
      });
      expect(r.statusCode, accept).toBe(200);
      expect(r.headers['content-encoding'], accept).toBe(encoding);
      expect(r.headers['content-type'], accept).toContain('javascript');
      expect(r.headers.vary, accept).toContain('accept-encoding');
      expect(r.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decode(r.rawPayload).toString(), accept).toBe(APP_JS);
      if (encoding) expect(r.rawPayload.length).toBeLessThan(APP_JS.length / 4);
    }
  });

  it('serves index.html compressed too, never cached without revalidation, and lets its boot script run', async () => {
    for (const url of ['/', '/catalog']) {
      const r = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-encoding'], url).toBe('br');
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.headers['cache-control'], url).not.toContain('immutable');
      expect(zlib.brotliDecompressSync(r.rawPayload).toString()).toContain(BOOT_SCRIPT);
    }
    // The content security policy admits the inline scripts of index.html and login.html (by their
    // hashes) and no other.
    const hash = (script: string) => createHash('sha256').update(script).digest('base64');
    const csp = String((await t.request('GET', '/')).headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(
      `script-src 'self' 'sha256-${hash(BOOT_SCRIPT)}' 'sha256-${hash(SHELL_SCRIPT)}'`,
    );
  });

  it('serves hashed assets as immutable and keeps 404s for missing files and API paths', async () => {
    const asset = await t.request('GET', '/assets/app-1a2b.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.request('GET', '/assets/missing.js')).statusCode).toBe(404);
    const api = await t.request('GET', '/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe('not_found');
  });
});

describe('the login page, rendered by the server (issue 13)', () => {
  /** The organisation and the page inside the login page sent for `url` on `host`. */
  async function loginPage(url: string, host?: string, acceptEncoding = 'gzip, deflate, br') {
    const r = await t.app.inject({
      method: 'GET',
      url,
      headers: { host: host ?? 'demo.localhost:3000', 'accept-encoding': acceptEncoding },
    });
    const encoding = r.headers['content-encoding'];
    const html =
      encoding === 'br'
        ? zlib.brotliDecompressSync(r.rawPayload).toString()
        : encoding === 'gzip'
          ? zlib.gunzipSync(r.rawPayload).toString()
          : r.body;
    const data = new RegExp(
      `<script type="application/json" id="${LOGIN_SHELL.organizationElementId}">(.*?)</script>`,
    ).exec(html)?.[1];
    return { r, html, organization: data === undefined ? undefined : (JSON.parse(data) as unknown) };
  }

  it('sends /login with the page rendered for the organisation of the address and that organisation inline', async () => {
    const { r, html, organization } = await loginPage('/login?redirect=%2Fcatalog&authError=session-expired');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toContain('accept-encoding');
    expect(r.headers['cache-control']).toBe('no-cache');
    // The page as the renderer drew it for this organisation and this address (its notices).
    expect(html).toContain(
      `<div id="${LOGIN_SHELL.shellElementId}"><form data-rendered>Club Sportif Démo /login?redirect=%2Fcatalog&amp;authError=session-expired</form></div>`,
    );
    // The organisation exactly as its lookup answers it, before the boot script that takes it.
    const lookup = await t.request('GET', '/api/organizations/directory/key/demo');
    expect(organization).toEqual(lookup.json());
    expect(html.indexOf(LOGIN_SHELL.organizationElementId)).toBeLessThan(html.indexOf(BOOT_SCRIPT));
    expect(html).not.toContain('<!--inscrio:');

    const gzip = await loginPage('/login', undefined, 'gzip');
    expect(gzip.r.headers['content-encoding']).toBe('gzip');
    expect(gzip.organization).toEqual(lookup.json());
    const plain = await loginPage('/login', undefined, 'identity');
    expect(plain.r.headers['content-encoding']).toBeUndefined();
    expect(plain.organization).toEqual(lookup.json());
  });

  it('keeps the organisation’s name from closing its script element', async () => {
    const [demo] = await t.db.select().from(organizations).where(eq(organizations.key, 'demo'));
    const name = 'Club </script><script>alert(1)</script>';
    await t.db.update(organizations).set({ name }).where(eq(organizations.id, demo!.id));
    try {
      const { html, organization } = await loginPage('/login');
      expect((organization as { name: string }).name).toBe(name);
      expect(html).not.toContain('<script>alert(1)');
    } finally {
      await t.db.update(organizations).set({ name: demo!.name }).where(eq(organizations.id, demo!.id));
    }
  });

  it('sends index.html for /login without a known organisation, and never the template or the renderer', async () => {
    for (const host of ['localhost:3000', 'unknown.localhost:3000']) {
      const { r, html, organization } = await loginPage('/login', host);
      expect(r.statusCode, host).toBe(200);
      expect(html, host).toContain(BOOT_SCRIPT);
      expect(html, host).not.toContain(LOGIN_SHELL.shellElementId);
      expect(organization, host).toBeUndefined();
    }
    for (const url of [`/${LOGIN_SHELL.template}`, `/${LOGIN_SHELL.renderer}`]) {
      expect((await t.request('GET', url)).statusCode, url).toBe(404);
    }
  });
});
