import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_GZIP_BUDGET, entryScripts } from '../build-plugins';
import { at, browserAvailable, launch, openPage, PASSWORD, PHONE, signIn } from './support';

/*
 * First load on a phone (issue 13): a cold cache, a fast 3G network (150 ms round trip, 1.6 Mbit/s
 * down, 750 kbit/s up) and a CPU four times slower, 390 px wide. Prints the time to the login form
 * (and to the app's taking it over) and to the catalogue of a signed-in family (from the navigation
 * start, median of three loads), the JavaScript fetched and when the organisation lookup started.
 * docs/scaling.md ("First load") keeps the figures measured before and after.
 */

const RUNS = 3;
/** The login form is compared with the floor: more loads, so the best of each is closer to its cost. */
const LOGIN_RUNS = 5;

/**
 * The login form's target: 2 s. The form comes with the first response (the API renders it into
 * login.html; the app takes it over later), so what it costs is the page's bytes and the browser's work
 * on them, and the machine sets a floor under that: on the shared 2-core machine the tests run on
 * (load average up to 30 while this was written: many sessions building and testing at once), Chromium's
 * 4× CPU slowdown comes on top of that contention, and a static page of 10 KB took from 0.9 to 7.5 s
 * to paint from one load to the next. So each run also measures that floor, right after each login
 * load: the time the same profile takes to paint a static page of as many bytes on the wire, with no
 * style and no script, from the same server (FLOOR_PAGE). The login form must show within 2 s, or,
 * when the machine cannot paint even that static page in 1.5 s, within the floor plus FLOOR_MARGIN_MS
 * (the most the page's inline CSS and scripts may add). Both are the best of five loads (medians
 * are printed too): the machine's noise only ever adds time, so the best load is the closest to what
 * the page itself costs. What does not depend on the CPU is asserted exactly: how many scripts, how
 * many bytes, no organisation lookup for the login page (it comes inline) and, for the catalogue, the
 * lookup leaving before the JavaScript has arrived. Before issue 13 the same profile measured 9.3–9.7 s
 * to the login form (51 scripts, 1,093 KB) and 11.1–14.7 s to the catalogue (63 scripts, 1,119 KB);
 * with the entry split and compressed but the form drawn by the app, 2.9 s on a quiet machine
 * (docs/scaling.md, "First load").
 */
const LOGIN_FORM_TARGET_MS = 2_000;
const FLOOR_MARGIN_MS = 500;
const CATALOG_BUDGET_MS = 12_000;
const LOGIN_SCRIPTS_MAX = 10;
const LOGIN_SCRIPT_KB_MAX = 300;
const CATALOG_SCRIPTS_MAX = 15;
const CATALOG_SCRIPT_KB_MAX = 380;

/** The static page that measures the machine's floor, written into the served build by the test. */
const FLOOR_PAGE = 'first-load-floor.html';
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

interface Load {
  /** ms from the navigation start until the awaited content is on screen. */
  ready: number;
  /** ms from the navigation start until the app has taken the login page over (login loads only). */
  takenOver: number | null;
  /** Bytes of the page's body on the wire (compressed when served compressed). */
  documentBytes: number;
  scripts: number;
  /** Bytes of JavaScript on the wire (headers included), compressed when served compressed. */
  scriptBytes: number;
  /** ms from the document request to the organisation lookup's request. */
  lookupStart: number | null;
  /** ms from the navigation start until the last script arrived (the rest of `ready` is mostly CPU). */
  scriptsLoaded: number;
}

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** Opens `url` throttled in a fresh page of `context` and waits until `selector` is shown. */
async function measure(context: BrowserContext, url: string, selector: string): Promise<Load> {
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const cdp = await throttle(page);
  const sent = new Map<string, { url: string; type: string | undefined; time: number }>();
  let scripts = 0;
  let scriptBytes = 0;
  let documentBytes = 0;
  let documentHeaderBytes = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    sent.set(event.requestId, { url: event.request.url, type: event.type, time: event.timestamp });
  });
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Document') documentHeaderBytes = event.response.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const type = sent.get(event.requestId)?.type;
    if (type === 'Document') documentBytes = event.encodedDataLength - documentHeaderBytes;
    if (type !== 'Script') return;
    scripts += 1;
    scriptBytes += event.encodedDataLength;
  });

  await page.goto(url, { waitUntil: 'commit' });
  const ready = await page.waitForFunction(
    (wanted) => {
      const element = document.querySelector(wanted);
      return element && element.getBoundingClientRect().height > 0 ? performance.now() : false;
    },
    selector,
    { polling: 'raf' },
  );
  const readyAt = (await ready.jsonValue()) as number;
  // The server's login page is replaced by the app's own form (src/features/auth/login-shell).
  const takenOver = selector.includes('current-password')
    ? ((await (
        await page.waitForFunction(
          () =>
            !document.getElementById('login-shell') &&
            document.querySelector('#root input[autocomplete="current-password"]')
              ? performance.now()
              : false,
          undefined,
          { polling: 'raf' },
        )
      ).jsonValue()) as number)
    : null;
  const scriptsLoaded = await page.evaluate(() =>
    Math.max(
      0,
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
    ),
  );
  await page.waitForLoadState('networkidle');

  const requests = [...sent.values()];
  const documentTime = requests.find((request) => request.type === 'Document')?.time;
  const lookup = requests.find((request) => request.url.includes('/api/organizations/directory/key/'));
  await page.close();
  return {
    ready: Math.round(readyAt),
    takenOver: takenOver === null ? null : Math.round(takenOver),
    documentBytes,
    scripts,
    scriptBytes,
    scriptsLoaded: Math.round(scriptsLoaded),
    lookupStart:
      lookup && documentTime !== undefined ? Math.round((lookup.time - documentTime) * 1000) : null,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** The best of `loads`: on a machine others load, what the page costs plus the least interference. */
const best = (loads: Load[]) => Math.min(...loads.map((load) => load.ready));

/** What every load of `loads` must keep besides its time. */
function expectLean(
  loads: Load[],
  scriptsMax: number,
  kilobytesMax: number,
  organization: 'inline' | 'early lookup',
): void {
  for (const load of loads) {
    expect(load.scripts).toBeLessThanOrEqual(scriptsMax);
    expect(load.scriptBytes / 1024).toBeLessThanOrEqual(kilobytesMax);
    if (organization === 'inline') {
      // The login page carries its organisation: no lookup at all.
      expect(load.lookupStart).toBeNull();
    } else {
      // Started by index.html, not after the app's JavaScript.
      expect(load.lookupStart).not.toBeNull();
      expect(load.lookupStart!).toBeLessThan(load.scriptsLoaded);
    }
  }
}

function report(name: string, loads: Load[]): number {
  const ready = median(loads.map((load) => load.ready));
  const last = loads[loads.length - 1]!;
  const takenOver = loads.some((load) => load.takenOver !== null)
    ? `, taken over by the app at ${loads.map((load) => load.takenOver).join(', ')} ms`
    : '';
  process.stdout.write(
    `first load, ${name}: ${ready} ms (runs ${loads.map((load) => load.ready).join(', ')} ms${takenOver}); ` +
      `page ${(last.documentBytes / 1024).toFixed(1)} KB on the wire; ` +
      `${last.scripts} JavaScript files, ${(last.scriptBytes / 1024).toFixed(0)} KB on the wire, ` +
      `the last arrived at ${loads.map((load) => load.scriptsLoaded).join(', ')} ms; ` +
      `organisation lookup sent at ${loads.map((load) => load.lookupStart ?? '–').join(', ')} ms\n`,
  );
  return ready;
}

/**
 * A page with nothing but text, `bytes` long and sent as is (random characters: nothing to compress;
 * no precompressed copy), its paragraph at the end like the login form: the floor of the machine.
 */
function writeFloorPage(bytes: number): void {
  const head =
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Plancher</title></head><body><!--';
  const tail = '--><p id="floor">Plancher de la machine</p></body></html>';
  const padding = crypto
    .randomBytes(bytes)
    .toString('base64')
    .slice(0, Math.max(0, bytes - head.length - tail.length));
  fs.writeFileSync(path.join(dist, FLOOR_PAGE), head + padding + tail);
}

describe('the built web app (issue 13)', () => {
  it('keeps the page’s first JavaScript (entry and the chunks it imports) within 150 KB gzip', () => {
    // Built by global-setup.ts when stale; the build itself fails over the budget (build-plugins.ts).
    const scripts = entryScripts(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
    expect(scripts.length).toBeGreaterThan(0);
    const gzipBytes = scripts
      .map((file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length)
      .reduce((sum, size) => sum + size, 0);
    process.stdout.write(
      `entry JavaScript: ${scripts.length} files, ${(gzipBytes / 1024).toFixed(1)} KB gzip\n`,
    );
    expect(ENTRY_GZIP_BUDGET).toBe(150 * 1024);
    expect(gzipBytes).toBeLessThanOrEqual(ENTRY_GZIP_BUDGET);
    // Each is also served precompressed.
    for (const file of scripts) {
      expect(fs.existsSync(path.join(dist, `${file}.br`)), file).toBe(true);
      expect(fs.existsSync(path.join(dist, `${file}.gz`)), file).toBe(true);
    }
  });
});

// Skipped without Chromium: "Browser tests skipped: Chromium not found. Install it (apt-get install chromium) or set CHROMIUM_PATH."
describe.skipIf(!browserAvailable)('first load on a throttled phone (issue 13)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    fs.rmSync(path.join(dist, FLOOR_PAGE), { force: true });
  });

  it('shows the login form within 2 s (or the machine’s floor), cold cache, fast 3G and 4× CPU slowdown', async () => {
    const loads: Load[] = [];
    const floors: Load[] = [];
    for (let run = 0; run < LOGIN_RUNS; run++) {
      // A new context each time: its own HTTP cache and storage, so every load is cold.
      const context = await browser.newContext({ viewport: PHONE, locale: 'fr-BE' });
      const load = await measure(context, at('demo', '/login'), 'input[autocomplete="current-password"]');
      loads.push(load);
      // The floor, right after, under the same load of the machine.
      writeFloorPage(load.documentBytes);
      floors.push(await measure(context, at('demo', `/${FLOOR_PAGE}`), '#floor'));
      await context.close();
    }
    report('login form', loads);
    report('static page of the same size (the machine’s floor)', floors);
    const [login, floor] = [best(loads), best(floors)];
    const limit = Math.max(LOGIN_FORM_TARGET_MS, floor + FLOOR_MARGIN_MS);
    process.stdout.write(
      `first load, login form at best ${login} ms, asserted under ${limit} ms (` +
        (limit === LOGIN_FORM_TARGET_MS
          ? 'the 2 s target'
          : `the static page at best ${floor} ms + ${FLOOR_MARGIN_MS} ms: the machine cannot keep 2 s now`) +
        ')\n',
    );
    expectLean(loads, LOGIN_SCRIPTS_MAX, LOGIN_SCRIPT_KB_MAX, 'inline');
    expect(login).toBeLessThan(limit);
  });

  it('shows a signed-in family its catalogue within the budget, cold cache', async () => {
    // Signed in once, unthrottled; each measured load starts from its session but an empty cache.
    const signInContext = await browser.newContext({ viewport: PHONE, locale: 'fr-BE' });
    const signInPage = await signInContext.newPage();
    await signIn(signInPage, 'demo', 'parent@demo.test');
    const session = await signInContext.storageState();
    await signInContext.close();

    const loads: Load[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: PHONE, locale: 'fr-BE', storageState: session });
      loads.push(await measure(context, at('demo', '/catalog'), '[data-activity]'));
      await context.close();
    }
    const median = report('catalogue', loads);
    expectLean(loads, CATALOG_SCRIPTS_MAX, CATALOG_SCRIPT_KB_MAX, 'early lookup');
    expect(median).toBeLessThan(CATALOG_BUDGET_MS);
  });
});

describe.skipIf(!browserAvailable)('the login page before the app (issue 13)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * Opens the login page with the app's entry script held back until `release()`: until then the page
   * the server rendered (the shell) is all there is, as on a slow phone.
   */
  async function openShell(address: string) {
    const opened = await openPage(browser, PHONE);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await opened.page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await opened.page.goto(at('demo', address), { waitUntil: 'commit' });
    const shell = opened.page.locator('#login-shell');
    await shell.getByLabel('Mot de passe', { exact: true }).waitFor();
    return { ...opened, shell, release };
  }

  it('is the login form, usable before the app; the app takes it over with what was typed, unchanged on screen', async () => {
    const { page, context, errors, shell, release } = await openShell('/login?redirect=%2Fcatalog');
    await expect(shell.getByRole('heading', { name: 'Connexion' }).isVisible()).resolves.toBe(true);
    await expect(
      shell.getByText('Connectez-vous à votre espace Club Sportif Démo.').isVisible(),
    ).resolves.toBe(true);
    await shell.getByLabel('Adresse e-mail').fill('parent@demo.test');
    await shell.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    const before = await page.screenshot({ path: '/tmp/login-shell-before.png' });

    release();
    await page.locator('#login-shell').waitFor({ state: 'detached' });
    const email = page.getByLabel('Adresse e-mail');
    const password = page.getByLabel('Mot de passe', { exact: true });
    await expect(email.inputValue()).resolves.toBe('parent@demo.test');
    await expect(password.inputValue()).resolves.toBe(PASSWORD);
    // The caret stays where it was: in the password, at its end.
    await expect(password.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await expect(
      password.evaluate((input: HTMLInputElement) => input.selectionStart === input.value.length),
    ).resolves.toBe(true);
    // Nothing moves when the app's own form replaces the server's.
    const after = await page.screenshot({ path: '/tmp/login-shell-after.png' });
    expect(after.equals(before), 'the page looks the same before and after the takeover').toBe(true);

    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/catalog');
    await page.locator('[data-activity]').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a sign-in submitted before the app is there, and the app sends it: signed in, or told why not', async () => {
    const wrong = await openShell('/login');
    await wrong.shell.getByLabel('Adresse e-mail').fill('parent@demo.test');
    await wrong.shell.getByLabel('Mot de passe', { exact: true }).fill('Wrong-password-1');
    await wrong.shell.getByLabel('Mot de passe', { exact: true }).press('Enter');
    // Kept, not sent by the browser: the address never carries what was typed.
    await expect(wrong.shell.getByRole('button', { name: 'Se connecter' }).isDisabled()).resolves.toBe(true);
    expect(wrong.page.url()).toBe(at('demo', '/login'));
    wrong.release();
    await wrong.page.getByText('Identifiants non valides. Veuillez réessayer.').waitFor();
    expect(wrong.page.url()).toBe(at('demo', '/login'));
    await wrong.context.close();

    const right = await openShell('/login?email=parent%40demo.test&redirect=%2Fcatalog');
    // The address's e-mail is filled in, the caret in the password as the app would put it.
    await expect(right.shell.getByLabel('Adresse e-mail').inputValue()).resolves.toBe('parent@demo.test');
    await right.shell.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await right.shell.getByRole('button', { name: 'Se connecter' }).click();
    right.release();
    await right.page.waitForURL((url) => url.pathname === '/catalog');
    expect(right.errors).toEqual([]);
    await right.context.close();
  });
});
