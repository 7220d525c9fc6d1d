import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_GZIP_BUDGET, entryScripts } from '../build-plugins';
import { at, browserAvailable, context as e2e, launch, openPage, PASSWORD, PHONE, signIn } from './support';

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
 * on them; what must never come back is the form waiting for the app's JavaScript. The tests run on a
 * shared 2-core machine (load average 10 to 30: many sessions building and testing at once) where
 * Chromium's 4× CPU slowdown comes on top of that contention: the same page took from 0.5 to 2.7 s to
 * paint from one load to the next a minute apart, so no absolute time holds there. Each run therefore
 * also measures the floor: the very page the server sends for /login with its scripts and script
 * preload taken out (FLOOR_PAGE, written into the served build by the test and served brotli like the
 * login page), loaded in turn with the login page (interleaved, each first in every other pair) so that
 * the machine's load weighs on both alike. Its inline CSS, markup and layout are the same: what is left
 * between the two is what the page's JavaScript holds the form back by, nothing by design (the entry
 * runs once the form has painted). Both are the best of the loads (the machine's noise only ever adds
 * time, so the best load is the closest to what the page costs; medians are printed too). The login
 * form must show within the 2 s target or, when the machine is too busy to paint even the floor within
 * 1 s, within twice the floor (FLOOR_FACTOR): contention multiplies the CPU's work, and the login
 * form's best of five was seen 0.8 s over its floor's (0.5 s) in one run, 0.4 s under it in another.
 * The form waiting for the JavaScript again would add its download on this network (~140 KB at
 * 1.6 Mbit/s: 0.7 s, plus a round trip) and its run on the slowed CPU (the app takes the page over 2.5
 * to 7 s after the navigation here): over the 2 s target quiet, over twice the floor busy. What does not
 * depend on the CPU is asserted exactly: the form on screen first is the server's (#login-shell), the
 * page's size on the wire, how many scripts, how many bytes, no organisation lookup for the login page
 * (it comes inline) and, for the catalogue, the lookup leaving before the JavaScript has arrived. Before
 * issue 13 the same profile measured 9.3–9.7 s to the login form (51 scripts, 1,093 KB) and 11.1–14.7 s
 * to the catalogue (63 scripts, 1,119 KB); with the entry split and compressed but the form drawn by the
 * app, 2.9 s on a quiet machine (docs/scaling.md, "First load").
 */
const LOGIN_FORM_TARGET_MS = 2_000;
const FLOOR_FACTOR = 2;
/** The login page on the wire (brotli): within the first round trip's ~14 KB (TCP's initial window). */
const LOGIN_PAGE_KB_MAX = 14;
const CATALOG_BUDGET_MS = 12_000;
const LOGIN_SCRIPTS_MAX = 10;
/*
 * The app's scripts a login page loads after showing the form (the form itself needs none). 310: the
 * French translations travel as one chunk of every namespace, and documents, certificates and work time
 * added 5 KB to it; splitting the translations per feature is the way back under 300.
 */
const LOGIN_SCRIPT_KB_MAX = 310;
const CATALOG_SCRIPTS_MAX = 15;
const CATALOG_SCRIPT_KB_MAX = 380;

/** The static page that measures the machine's floor, written into the served build by the test. */
const FLOOR_PAGE = 'first-load-floor.html';
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
/** Where the takeover's screenshots are kept (test artefacts, as `snap` keeps them). */
const artefacts = fileURLToPath(new URL('../test-results/e2e/', import.meta.url));

interface Load {
  /** ms from the navigation start: the page's first byte / last byte / parsed (domInteractive). */
  arrived: string;
  /** ms from the navigation start until the awaited content is on screen. */
  ready: number;
  /** The element awaited was, when it showed, in the page the server rendered (#login-shell). */
  fromServer: boolean;
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

interface FormWatch {
  takeover: boolean;
  /** When `selector` first had a size at a frame, and whether it was in the server's page then. */
  shown: { at: number; fromServer: boolean } | null;
  /** When the app's own login form had replaced the server's page (with `takeover`). */
  takenOver: number | null;
}

/**
 * Runs in the page before its own scripts: looks at every frame (before it paints) for `selector` on
 * screen and, with `takeover`, for the app's form in place of the server's page.
 */
function watchForm({ selector, takeover }: { selector: string; takeover: boolean }): void {
  const watch: FormWatch = { takeover, shown: null, takenOver: null };
  (window as unknown as { firstLoad: FormWatch }).firstLoad = watch;
  const look = () => {
    if (!watch.shown) {
      const element = document.querySelector(selector);
      if (element && element.getBoundingClientRect().height > 0)
        watch.shown = { at: performance.now(), fromServer: element.closest('#login-shell') !== null };
    }
    if (
      takeover &&
      watch.shown &&
      !document.getElementById('login-shell') &&
      document.querySelector('#root input[autocomplete="current-password"]')
    )
      watch.takenOver = performance.now();
    if (!watch.shown || (takeover && watch.takenOver === null)) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
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

/**
 * Opens `url` throttled in a fresh page of `context` and waits until `selector` is shown (and, with
 * `takeover`, until the app has taken the server's login page over).
 */
async function measure(
  context: BrowserContext,
  url: string,
  selector: string,
  takeover = false,
): Promise<Load> {
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

  // Watched from inside the page, from its first frame: a check sent from here would start late on a
  // busy machine (the app had once taken the form over before the first one ran).
  await page.addInitScript(watchForm, { selector, takeover });
  await page.goto(url, { waitUntil: 'commit' });
  const seen = await page.waitForFunction(
    () => {
      const watch = (window as unknown as { firstLoad?: FormWatch }).firstLoad;
      return watch?.shown && (!watch.takeover || watch.takenOver !== null) ? watch : false;
    },
    undefined,
    // Looked at now and then: what it reads was recorded at the frame it happened.
    { polling: 100 },
  );
  const { shown, takenOver } = (await seen.jsonValue()) as Pick<FormWatch, 'shown' | 'takenOver'>;
  const arrived = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return navigation
      ? `${Math.round(navigation.responseStart)}/${Math.round(navigation.responseEnd)}/${Math.round(navigation.domInteractive)}`
      : '?';
  });
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
    arrived,
    ready: Math.round(shown!.at),
    fromServer: shown!.fromServer,
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
      `page ${(last.documentBytes / 1024).toFixed(1)} KB on the wire, its first byte / last byte / parsed at ${loads.map((load) => load.arrived).join(', ')} ms; ` +
      `${last.scripts} JavaScript files, ${(last.scriptBytes / 1024).toFixed(0)} KB on the wire, ` +
      `the last arrived at ${loads.map((load) => load.scriptsLoaded).join(', ')} ms; ` +
      `organisation lookup sent at ${loads.map((load) => load.lookupStart ?? '–').join(', ')} ms\n`,
  );
  return ready;
}

/** The login page as the server sends it, uncompressed (the test server listens on 127.0.0.1). */
function loginPageAsServed(): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port: e2e.port, path: '/login', headers: { host: new URL(at('demo')).host } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            response.statusCode === 200
              ? resolve(Buffer.concat(chunks).toString('utf8'))
              : reject(new Error(`GET /login answered ${response.statusCode}`)),
          );
        },
      )
      .on('error', reject);
  });
}

/**
 * The floor: the login page without its JavaScript (every script but the organisation's JSON, and the
 * entry's preload), with brotli and gzip copies beside it as the build writes them for its pages.
 */
function writeFloorPage(loginPage: string): void {
  const withoutScripts = loginPage
    .replace(/<script(?![^>]*type="application\/json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  expect(withoutScripts).not.toMatch(/<script(?![^>]*application\/json)|modulepreload/);
  expect(loginPage, 'the server renders the login form into /login').toMatch(
    /id="login-shell".*autocomplete="current-password"/is,
  );
  const file = path.join(dist, FLOOR_PAGE);
  fs.writeFileSync(file, withoutScripts);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(withoutScripts, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(withoutScripts));
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
    for (const suffix of ['', '.br', '.gz']) fs.rmSync(path.join(dist, FLOOR_PAGE + suffix), { force: true });
  });

  /** `measure` in a new context: its own HTTP cache and storage, so every load is cold. */
  async function coldLoad(url: string, selector: string, takeover = false): Promise<Load> {
    const context = await browser.newContext({ viewport: PHONE, locale: 'fr-BE' });
    try {
      return await measure(context, url, selector, takeover);
    } finally {
      await context.close();
    }
  }

  it('shows the login form within 2 s (or its floor on this machine), cold cache, fast 3G and 4× CPU slowdown', async () => {
    writeFloorPage(await loginPageAsServed());
    const form = 'input[autocomplete="current-password"]';
    const loads: Load[] = [];
    const floors: Load[] = [];
    for (let run = 0; run < LOGIN_RUNS; run++) {
      const pair = [
        async () => loads.push(await coldLoad(at('demo', '/login'), form, true)),
        async () => floors.push(await coldLoad(at('demo', `/${FLOOR_PAGE}`), form)),
      ];
      // In turn first, one right after the other: the machine's load at that moment weighs on both.
      for (const load of run % 2 === 0 ? pair : pair.reverse()) await load();
    }
    report('login form', loads);
    report('the same page without its JavaScript (the floor)', floors);
    const [login, floor] = [best(loads), best(floors)];
    const limit = Math.max(LOGIN_FORM_TARGET_MS, floor * FLOOR_FACTOR);
    process.stdout.write(
      `first load, login form at best ${login} ms, its floor at best ${floor} ms; asserted under ${limit} ms (` +
        (limit === LOGIN_FORM_TARGET_MS
          ? 'the 2 s target'
          : `${FLOOR_FACTOR} × the floor: this machine is too busy to keep 2 s now`) +
        ')\n',
    );
    expectLean(loads, LOGIN_SCRIPTS_MAX, LOGIN_SCRIPT_KB_MAX, 'inline');
    for (const load of loads) {
      // The form that showed first is the server's, not one the app drew once its JavaScript ran.
      expect(load.fromServer).toBe(true);
      expect(load.documentBytes / 1024).toBeLessThanOrEqual(LOGIN_PAGE_KB_MAX);
    }
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

  /** Records from now on every transition that starts in the page (`transitionsSeen` reads them). */
  function recordTransitions(page: Page): Promise<void> {
    return page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { transitionsSeen: string[] }).transitionsSeen = seen;
      document.addEventListener(
        'transitionrun',
        (event) => {
          const target = event.target instanceof Element ? event.target.outerHTML.slice(0, 80) : '?';
          seen.push(`${event.propertyName} on ${target}`);
        },
        true,
      );
    });
  }

  function transitionsSeen(page: Page): Promise<string[]> {
    return page.evaluate(() => (window as unknown as { transitionsSeen: string[] }).transitionsSeen);
  }

  /** Waits until nothing in the page transitions any more. */
  async function settle(page: Page): Promise<void> {
    await page.waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { polling: 'raf' },
    );
  }

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
    // The caret moved back into the password, after its third character.
    await page.keyboard.press('Home');
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowRight');
    // What the visitor sees once typed: the fields' focus transitions (150 ms) over.
    await settle(page);
    const before = await page.screenshot({ path: path.join(artefacts, 'login-shell-1-before-takeover.png') });

    await recordTransitions(page);
    release();
    await page.locator('#login-shell').waitFor({ state: 'detached' });
    const email = page.getByLabel('Adresse e-mail');
    const password = page.getByLabel('Mot de passe', { exact: true });
    await expect(email.inputValue()).resolves.toBe('parent@demo.test');
    await expect(password.inputValue()).resolves.toBe(PASSWORD);
    // The caret stays where it was: in the password, after its third character.
    await expect(password.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await expect(
      password.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]),
    ).resolves.toEqual([3, 3]);
    // Nothing moves when the app's own form replaces the server's: no transition ran (the focused
    // field's border fading in again, as it did for 150 ms), and the screen is the same to the pixel.
    await expect(transitionsSeen(page), 'what transitioned during the takeover').resolves.toEqual([]);
    const after = await page.screenshot({ path: path.join(artefacts, 'login-shell-2-after-takeover.png') });
    expect(
      after.equals(before),
      `the page looks the same before and after the takeover (see ${artefacts}login-shell-*.png)`,
    ).toBe(true);

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
