import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'inscrio-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Inscrio</title><div id="root"></div>',
  );
  await fs.writeFile(path.join(webDist, 'assets', 'app-1a2b.js'), 'console.log("app")');
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
