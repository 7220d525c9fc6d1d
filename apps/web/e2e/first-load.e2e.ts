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
 * The budgets asserted. The target is 2 s to the login form; the shared 2-core machine the tests run on
 * adds noise (other processes take the CPU that Chromium's 4× slowdown already scales), so the test
 * asserts a margin above what is measured there and prints the figure itself.
 */
const LOGIN_FORM_BUDGET_MS = 2_500;
const CATALOG_BUDGET_MS = 4_000;

interface Load {
  /** ms from the navigation start until the awaited content is on screen. */
  ready: number;
  scripts: number;
  /** Bytes of JavaScript on the wire (headers included), compressed when served compressed. */
  scriptBytes: number;
  /** ms from the document request to the organisation lookup's request. */
  lookupStart: number | null;
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
  await page.waitForLoadState('networkidle');

  const requests = [...sent.values()];
  const documentTime = requests.find((request) => request.type === 'Document')?.time;
  const lookup = requests.find((request) => request.url.includes('/api/organizations/directory/key/'));
  await page.close();
  return {
    ready: Math.round(readyAt),
    scripts,
    scriptBytes,
    lookupStart:
      lookup && documentTime !== undefined ? Math.round((lookup.time - documentTime) * 1000) : null,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function report(name: string, loads: Load[]): number {
  const ready = median(loads.map((load) => load.ready));
  const last = loads[loads.length - 1]!;
  process.stdout.write(
    `first load, ${name}: ${ready} ms (runs ${loads.map((load) => load.ready).join(', ')} ms); ` +
      `${last.scripts} JavaScript files, ${(last.scriptBytes / 1024).toFixed(0)} KB on the wire; ` +
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
    expect(report('login form', loads)).toBeLessThan(LOGIN_FORM_BUDGET_MS);
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
    expect(report('catalogue', loads)).toBeLessThan(CATALOG_BUDGET_MS);
  });
});
