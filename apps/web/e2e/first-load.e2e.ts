import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_GZIP_BUDGET, entryScripts } from '../build-plugins';
import { at, browserAvailable, launch, PHONE, signIn } from './support';

/*
 * First load on a phone (issue 13): a cold cache, a fast 3G network (150 ms round trip, 1.6 Mbit/s
 * down, 750 kbit/s up) and a CPU four times slower, 390 px wide. Prints the time to the login form
 * and to the catalogue of a signed-in family (from the navigation start, median of three loads), the
 * JavaScript fetched and when the organisation lookup started. docs/scaling.md ("First load") keeps the
 * figures measured before and after.
 */

const RUNS = 3;

/**
 * The budgets asserted. The target is 2 s to the login form. On the shared 2-core machine the tests run
 * on (load average 15 while they ran: seven sessions building and testing at once) Chromium's 4× CPU
 * slowdown comes on top of that contention, and the same build measured 3.0 to 5.3 s to the login form
 * from one run to the next: the times asserted are the bounds this machine keeps reliably (the median
 * of three loads is printed), and what does not depend on the CPU is asserted exactly: how many scripts,
 * how many bytes, and the organisation lookup leaving before the JavaScript has arrived. Before issue 13
 * the same profile measured 9.3–9.7 s to the login form (51 scripts, 1,093 KB) and 11.1–14.7 s to the
 * catalogue (63 scripts, 1,119 KB), the lookup leaving after 6 s (docs/scaling.md, "First load").
 */
const LOGIN_FORM_BUDGET_MS = 7_000;
const CATALOG_BUDGET_MS = 12_000;
const LOGIN_SCRIPTS_MAX = 10;
const LOGIN_SCRIPT_KB_MAX = 300;
const CATALOG_SCRIPTS_MAX = 15;
const CATALOG_SCRIPT_KB_MAX = 380;

interface Load {
  /** ms from the navigation start until the awaited content is on screen. */
  ready: number;
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
  cdp.on('Network.requestWillBeSent', (event) => {
    sent.set(event.requestId, { url: event.request.url, type: event.type, time: event.timestamp });
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (sent.get(event.requestId)?.type !== 'Script') return;
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
    scripts,
    scriptBytes,
    scriptsLoaded: Math.round(scriptsLoaded),
    lookupStart:
      lookup && documentTime !== undefined ? Math.round((lookup.time - documentTime) * 1000) : null,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** What every load of `loads` must keep besides its time. */
function expectLean(loads: Load[], scriptsMax: number, kilobytesMax: number): void {
  for (const load of loads) {
    expect(load.scripts).toBeLessThanOrEqual(scriptsMax);
    expect(load.scriptBytes / 1024).toBeLessThanOrEqual(kilobytesMax);
    // Started by index.html, not after the app's JavaScript.
    expect(load.lookupStart).not.toBeNull();
    expect(load.lookupStart!).toBeLessThan(load.scriptsLoaded);
  }
}

function report(name: string, loads: Load[]): number {
  const ready = median(loads.map((load) => load.ready));
  const last = loads[loads.length - 1]!;
  process.stdout.write(
    `first load, ${name}: ${ready} ms (runs ${loads.map((load) => load.ready).join(', ')} ms); ` +
      `${last.scripts} JavaScript files, ${(last.scriptBytes / 1024).toFixed(0)} KB on the wire, ` +
      `the last arrived at ${loads.map((load) => load.scriptsLoaded).join(', ')} ms; ` +
      `organisation lookup sent at ${loads.map((load) => load.lookupStart ?? '–').join(', ')} ms\n`,
  );
  return ready;
}

describe('the built web app (issue 13)', () => {
  it('keeps the page’s first JavaScript (entry and the chunks it imports) within 150 KB gzip', () => {
    // Built by global-setup.ts when stale; the build itself fails over the budget (build-plugins.ts).
    const dist = fileURLToPath(new URL('../dist/', import.meta.url));
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
  });

  it('shows the login form within the budget, cold cache, fast 3G and 4× CPU slowdown', async () => {
    const loads: Load[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A new context each time: its own HTTP cache and storage, so every load is cold.
      const context = await browser.newContext({ viewport: PHONE, locale: 'fr-BE' });
      loads.push(await measure(context, at('demo', '/login'), 'input[autocomplete="current-password"]'));
      await context.close();
    }
    const median = report('login form', loads);
    expectLean(loads, LOGIN_SCRIPTS_MAX, LOGIN_SCRIPT_KB_MAX);
    expect(median).toBeLessThan(LOGIN_FORM_BUDGET_MS);
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
    expectLean(loads, CATALOG_SCRIPTS_MAX, CATALOG_SCRIPT_KB_MAX);
    expect(median).toBeLessThan(CATALOG_BUDGET_MS);
  });
});
