import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let webDist: string;
const BOOT_SCRIPT = 'window.__inscrioOrganization = null;';
const APP_JS = `console.log(${JSON.stringify('app '.repeat(200))})`;

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
    // The content security policy admits that inline script (by its hash) and no other.
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    const csp = String((await t.request('GET', '/')).headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
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
