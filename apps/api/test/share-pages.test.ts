import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blueprints, organizations, websiteSettings } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A link to the club's page or to one of its activities pasted in WhatsApp or Facebook: the crawler
 * reads the HTML head only, so the server writes the club's title, description, image and icon there.
 */

let t: TestApp;
let webDist: string;
const INDEX =
  '<!doctype html><html lang="fr"><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Inscriptions aux activités de votre club" />' +
  '<link rel="icon" type="image/svg+xml" href="/favicon.svg" /><title>Inscrio</title></head>' +
  '<body><div id="root"></div></body></html>';

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'inscrio-share-'));
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
  t = await createTestApp({ webDist });
  await t.db.insert(organizations).values({ id: 'org_plain', key: 'plain', name: 'Club <Sans> Site' });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

/** The head's meta tags as a crawler reads them: property or name → content. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) {
    tags[match[1]!] = match[2]!;
  }
  return tags;
}

const page = (url: string, host = 'demo.localhost:3000') =>
  t.request('GET', url, { headers: { host, 'accept-encoding': 'identity' } });

describe('link previews', () => {
  it("answers /discover with the club's title, description, background image and favicon", async () => {
    const r = await page('/discover');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('<div id="root">');
    expect(r.body).toContain('<title>Club Sportif Démo</title>');
    const [settings] = await t.db
      .select()
      .from(websiteSettings)
      .where(eq(websiteSettings.organizationId, 'org_demo'));
    const tags = metaTags(r.body);
    expect(tags).toMatchObject({
      'og:type': 'website',
      'og:title': 'Club Sportif Démo',
      'og:url': 'http://demo.localhost:3000/discover',
      'og:image': `http://demo.localhost:3000/api/assets/serve/${settings!.backgroundAssetId}?orgId=org_demo`,
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Club Sportif Démo',
    });
    expect(tags['og:description']).toMatch(/^Bienvenue au Club Sportif Démo Depuis 1987/);
    expect(tags.description).toBe(tags['og:description']);
    expect(r.body).toContain(
      `<link rel="icon" type="image/png" href="/api/assets/serve/${settings!.faviconAssetId}?orgId=org_demo" />`,
    );
    // The image the crawler will fetch is there.
    const image = await t.request(
      'GET',
      new URL(tags['og:image']!).pathname + new URL(tags['og:image']!).search,
    );
    expect(image.statusCode).toBe(200);
  });

  it("paints the page itself in #root for a slow phone: activities, sessions and « S'inscrire » links", async () => {
    const r = await page('/discover');
    const root = r.body.slice(r.body.indexOf('<div id="root">'));
    expect(root).toContain('id="discover-shell"');
    expect(root).toContain('<h1>Club Sportif Démo</h1>');
    expect(root).toContain('<h2>Bienvenue au Club Sportif Démo</h2>');
    const ids = [...root.matchAll(/data-server-activity="([^"]+)"/g)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(0);
    expect(root).toContain(`href="/login?redirect=%2Fcatalog%2Fblueprints%2F${ids[0]}"`);
    expect(root).toContain("S'inscrire");
    // Disabled: the app's own page says so; nothing of the club's page is painted.
    await t.db
      .update(websiteSettings)
      .set({ enabled: false })
      .where(eq(websiteSettings.organizationId, 'org_demo'));
    const disabled = await page('/discover');
    expect(disabled.body).not.toContain('discover-shell');
    expect(disabled.body).not.toContain('og:description');
    await t.db
      .update(websiteSettings)
      .set({ enabled: true })
      .where(eq(websiteSettings.organizationId, 'org_demo'));
  });

  it("answers an activity's catalogue page with the activity, and the product's page for one not open to all", async () => {
    const [open] = await t.db
      .select()
      .from(blueprints)
      .where(and(eq(blueprints.organizationId, 'org_demo'), eq(blueprints.visibility, 'public')))
      .limit(1);
    const r = await page(`/catalog/blueprints/${open!.id}`);
    expect(r.statusCode).toBe(200);
    const tags = metaTags(r.body);
    expect(tags['og:title']).toBe(`${open!.name} – Club Sportif Démo`);
    expect(tags['og:url']).toBe(`http://demo.localhost:3000/catalog/blueprints/${open!.id}`);
    expect(tags['og:image']).toMatch(/^http:\/\/demo\.localhost:3000\/api\/assets\/serve\/ast_/);

    await t.db
      .update(blueprints)
      .set({ visibility: 'hidden' })
      .where(and(eq(blueprints.organizationId, 'org_demo'), eq(blueprints.id, open!.id)));
    const hidden = await page(`/catalog/blueprints/${open!.id}`);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.body).toContain('<title>Inscrio</title>');
    expect(hidden.body).not.toContain(open!.name);
    expect((await page('/catalog/blueprints/bp_nowhere')).body).toContain('<title>Inscrio</title>');
  });

  it('escapes what the club typed, and says nothing of a disabled website but its name', async () => {
    const r = await page('/discover', 'plain.localhost:3000');
    expect(r.body).toContain('<title>Club &lt;Sans&gt; Site</title>');
    expect(metaTags(r.body)).toMatchObject({
      'og:title': 'Club &lt;Sans&gt; Site',
      'twitter:card': 'summary',
      description: 'Inscriptions aux activités de votre club',
    });
    expect(r.body).not.toContain('og:description');
    // An unknown club: the app's own page, which shows its error.
    const unknown = await page('/discover', 'nowhere.localhost:3000');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<title>Inscrio</title>');
    expect(unknown.body).not.toContain('og:title');
  });
});
