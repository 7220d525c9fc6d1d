import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AxeResults, RunOptions } from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterEach, inject } from 'vitest';

/*
 * Helpers shared by the browser tests: the server of the run, a Chromium per file, screenshots saved as
 * artefacts under apps/web/test-results/e2e/, and the e-mails the server writes to DATA_DIR/mail.
 */

export const context = inject('e2e');

/** True when the browser tests run (see global-setup.ts for why they may not). */
export const browserAvailable = context.chromiumPath !== null;

export const PASSWORD = 'Demo1234';

/** Address of a page on an organisation's subdomain of the test server. */
export const at = (key: string, pathAndQuery = '/') =>
  `http://${key}.localhost:${context.port}${pathAndQuery}`;

const artefacts = fileURLToPath(new URL('../test-results/e2e/', import.meta.url));

/** A Chromium whose every page is checked for accessibility (see `checkAccessibility`). */
export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: context.chromiumPath ?? undefined,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  // Browser.newPage goes through newContext too.
  browser.newContext = async (options) => {
    const browserContext = await newContext(options);
    await watchContext(browserContext);
    return browserContext;
  };
  return browser;
}

/*
 * Accessibility (issue 14): axe-core checks every screen the browser tests show against WCAG 2.0 and 2.1,
 * levels A and AA, by itself so that a new test cannot forget it. A navigation, a dialog, menu or notice
 * appearing, or a new window width marks the page as "to check"; the check then runs at the test's next
 * step on that page (an action, a navigation, a screenshot, closing), so it sees the screen the test
 * acted on and never runs while the test acts. Every page still open is checked when its context closes
 * and when its test ends. `checkAccessibility` checks a moment explicitly. A serious or critical
 * violation fails the test that met it (afterEach below), listing the page, the rule and the elements.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = ['serious', 'critical'];
/** What appearing in the page counts as a new screen: dialogs, menus, lists of choices, notices. */
const SCREEN_SELECTOR =
  'dialog, [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [data-sonner-toast], [data-side-menu="drawer"]';
/** The steps of a test before which the screen is checked. */
const LOCATOR_ACTIONS = [
  'check',
  'clear',
  'click',
  'dblclick',
  'dispatchEvent',
  'dragTo',
  'fill',
  'hover',
  'press',
  'pressSequentially',
  'selectOption',
  'selectText',
  'setChecked',
  'setInputFiles',
  'tap',
  'type',
  'uncheck',
] as const;
const PAGE_STEPS = [
  'goto',
  'reload',
  'goBack',
  'goForward',
  'screenshot',
  'setViewportSize',
  'close',
] as const;
const KEYBOARD_STEPS = ['press', 'type', 'insertText'] as const;

interface Violation {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Violations met in this file, by page path, rule and elements (each is listed once). */
const violations = new Map<string, Violation>();
let reportedCount = 0;
/** Screens already checked in this file (address, width, open dialogs, text), not checked again by themselves. */
const checkedScreens = new Set<string>();
/**
 * Automatic checks per address, width and open dialogs: the same screen with other data (a list that grew,
 * another date) is checked a few times, not at every visit, so long tests keep within their time.
 */
const checksPerLayout = new Map<string, number>();
const CHECKS_PER_LAYOUT = 2;

interface PageWatch {
  /** The checks of a page run one after another (axe refuses to run twice at once). */
  queue: Promise<void>;
  /** Why the page is to be checked at the test's next step, if it is. */
  pending?: string;
  /** A test measuring this page's performance: checked only when its context closes. */
  measured: boolean;
}
const watched = new Map<Page, PageWatch>();

function describeUrl(url: string): string {
  const { hostname, pathname } = new URL(url);
  return `${hostname}${pathname}`;
}

/** Runs axe on the page once it has loaded; `always` checks it even when the same screen was checked. */
async function runAxe(page: Page, moment: string, always: boolean): Promise<void> {
  // App screens only: an API answer opened in the tab (JSON, a PDF) is the browser's own viewer.
  if (page.isClosed() || !page.url().startsWith('http') || new URL(page.url()).pathname.startsWith('/api/'))
    return;
  await page.waitForLoadState('load', { timeout: 10_000 }).catch(() => undefined);
  // Evaluated through the DevTools protocol: the app's content security policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const screen = await page.evaluate(async (selector) => {
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Judge the screen once loaded: the boot screen and placeholders (aria-busy) gone, for at most 2 s.
    for (let waited = 0; waited < 2_000; waited += 100) {
      if (!document.querySelector('#root > .boot, [aria-busy="true"]')) break;
      await pause(100);
    }
    // Let transitions end (a card fading in would be judged half transparent); endless ones are spinners.
    // One may start while waiting (a card shown once its data came), so look again until none runs; on a
    // busy machine, those still running after 3 s are brought to their end, as the user would see them.
    const runningFinite = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        );
    for (const started = performance.now(); ;) {
      const running = runningFinite();
      if (running.length === 0) break;
      if (performance.now() - started > 3_000) {
        for (const animation of running) animation.finish();
        break;
      }
      await Promise.race([Promise.allSettled(running.map((animation) => animation.finished)), pause(100)]);
    }
    const text = document.body.innerText;
    let hash = 0;
    for (let index = 0; index < text.length; index++) hash = (hash * 31 + text.charCodeAt(index)) | 0;
    return {
      layout: `${location.host}${location.pathname} ${window.innerWidth} ${document.querySelectorAll(selector).length}`,
      text: hash,
    };
  }, SCREEN_SELECTOR);
  const layoutChecks = checksPerLayout.get(screen.layout) ?? 0;
  const key = `${screen.layout} ${screen.text}`;
  if (!always && (checkedScreens.has(key) || layoutChecks >= CHECKS_PER_LAYOUT)) return;
  checkedScreens.add(key);
  checksPerLayout.set(screen.layout, layoutChecks + 1);
  const { url, found } = await page.evaluate(
    async ({ tags, impacts }) => {
      const { axe } = window as unknown as {
        axe: { run(context: Document | { exclude: string[][] }, options: RunOptions): Promise<AxeResults> };
      };
      const checkedUrl = location.href;
      // Toasts stacked behind the front one, or leaving, are faded out on purpose by sonner (the stack
      // opens, readable, on hover or focus): only the front toast is judged, not a half transparent one.
      const results = await axe.run(
        {
          exclude: [
            ['[data-sonner-toast][data-front="false"]'],
            ['[data-sonner-toast][data-removed="true"]'],
          ],
        },
        {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        },
      );
      return {
        url: checkedUrl,
        found: results.violations
          .filter((violation) => impacts.includes(violation.impact ?? ''))
          .map((violation) => ({
            rule: violation.id,
            impact: violation.impact ?? '',
            help: violation.help,
            // The selector, the element's opening tag and what axe measured (colours and ratio for contrast).
            targets: violation.nodes.map((node) =>
              [node.target.join(' '), node.html.slice(0, 160), node.any[0]?.message ?? node.all[0]?.message]
                .filter(Boolean)
                .join(' | '),
            ),
          })),
      };
    },
    { tags: WCAG_TAGS, impacts: FAILING_IMPACTS },
  );
  const where = `${describeUrl(url)} (${moment}, ${page.viewportSize()?.width ?? '?'} px)`;
  for (const violation of found) {
    const key = `${describeUrl(url)} ${violation.rule} ${violation.targets.join(',')}`;
    if (!violations.has(key)) violations.set(key, { where, ...violation });
  }
}

function enqueue(page: Page, moment: string, always: boolean): Promise<void> {
  const watch = watched.get(page) ?? watchPage(page);
  const check = watch.queue.then(() => runAxe(page, moment, always));
  watch.queue = check.catch(() => undefined);
  return check;
}

/** Runs the check the page is waiting for, if any. One that the page navigating interrupts is dropped. */
async function checkPending(page: Page): Promise<void> {
  const watch = watched.get(page);
  if (!watch) return;
  if (watch.pending !== undefined) {
    const moment = watch.pending;
    watch.pending = undefined;
    enqueue(page, moment, false).catch(() => undefined);
  }
  await watch.queue;
}

/** Checks the page as it is now, e.g. with a menu open or a form's errors shown. */
export async function checkAccessibility(page: Page, moment: string): Promise<void> {
  await checkPending(page);
  await enqueue(page, moment, true);
}

/**
 * A page whose timing or pixels a test measures is checked only when its context closes, so that the
 * checks neither slow it down nor run between two screenshots compared byte for byte.
 */
function checkOnlyWhenClosed(page: Page): void {
  const watch = watched.get(page) ?? watchPage(page);
  watch.measured = true;
  watch.pending = undefined;
}

function markToCheck(page: Page, moment: string): void {
  const watch = watched.get(page);
  if (watch && !watch.measured) watch.pending = moment;
}

/** Makes `owner[method]` check `page` first, when a check is pending. */
function checkBefore(owner: object, method: string, pageOf: (owner: never) => Page): void {
  const target = owner as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const step = target[method];
  if (!step) throw new Error(`Playwright has no ${method} to watch`);
  target[method] = async function (this: unknown, ...args: unknown[]) {
    await checkPending(pageOf(this as never));
    return step.apply(this, args);
  };
}

let locatorsWatched = false;

function watchPage(page: Page): PageWatch {
  const watch: PageWatch = { queue: Promise.resolve(), measured: false };
  watched.set(page, watch);
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) markToCheck(page, 'après navigation');
  });
  page.on('close', () => watched.delete(page));
  for (const method of PAGE_STEPS) checkBefore(page, method, () => page);
  for (const method of KEYBOARD_STEPS) checkBefore(page.keyboard, method, () => page);
  const setViewportSize = page.setViewportSize.bind(page);
  page.setViewportSize = async (size) => {
    await setViewportSize(size);
    markToCheck(page, 'nouvelle largeur');
  };
  if (!locatorsWatched) {
    // Every locator of every page shares this prototype.
    const prototype = Object.getPrototypeOf(page.locator('html')) as object;
    for (const method of LOCATOR_ACTIONS)
      checkBefore(prototype, method, (locator: Locator) => locator.page());
    locatorsWatched = true;
  }
  return watch;
}

/** Checks every page still open in `pages`: the screen a test ends on. */
async function checkOpenPages(pages: Page[], moment: string): Promise<void> {
  await Promise.all(
    pages.map(async (page) => {
      await checkPending(page);
      await enqueue(page, moment, false).catch(() => undefined);
    }),
  );
}

async function watchContext(browserContext: BrowserContext): Promise<void> {
  browserContext.on('page', (page) => {
    if (!watched.has(page)) watchPage(page);
  });
  await browserContext.exposeBinding('__screenShown', ({ page }) => markToCheck(page, 'fenêtre ouverte'));
  await browserContext.addInitScript((selector: string) => {
    new MutationObserver((records) => {
      const shown = records.some((record) =>
        Array.from(record.addedNodes).some(
          (node) =>
            node instanceof Element && (node.matches(selector) || node.querySelector(selector) !== null),
        ),
      );
      if (shown) (window as unknown as { __screenShown?: () => void }).__screenShown?.();
    }).observe(document, { childList: true, subtree: true });
  }, SCREEN_SELECTOR);
  const close = browserContext.close.bind(browserContext);
  browserContext.close = async (options) => {
    await checkOpenPages(browserContext.pages(), 'dernier écran');
    return close(options);
  };
  const newCDPSession = browserContext.newCDPSession.bind(browserContext);
  browserContext.newCDPSession = async (target) => {
    if ('mainFrame' in target) checkOnlyWhenClosed(target);
    return newCDPSession(target);
  };
}

afterEach(async () => {
  await checkOpenPages([...watched.keys()], 'fin du test');
  const all = [...violations.values()];
  const fresh = all.slice(reportedCount);
  reportedCount = all.length;
  if (fresh.length === 0) return;
  const lines = fresh.map(
    (violation) =>
      `- [${violation.impact}] ${violation.rule} on ${violation.where}: ${violation.help}\n    ${violation.targets.join('\n    ')}`,
  );
  throw new Error(
    `Accessibility: ${fresh.length} serious or critical violation(s) (axe-core)\n${lines.join('\n')}`,
  );
});

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };
export const SMALL_PHONE = { width: 360, height: 740 };

/** A fresh browser profile (own local storage), French, with the page errors collected. */
export async function openPage(
  browser: Browser,
  viewport = DESKTOP,
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const browserContext = await browser.newContext({
    viewport,
    locale: 'fr-BE',
    timezoneId: 'Europe/Brussels',
  });
  const page = await browserContext.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context: browserContext, errors };
}

/** Saves a full-page screenshot as a test artefact. */
export async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(artefacts, { recursive: true });
  await page.screenshot({ path: path.join(artefacts, `${name}.png`), fullPage: true });
}

/** Signs in with a password from the login page of `key`. */
export async function signIn(page: Page, key: string, email: string, password = PASSWORD): Promise<void> {
  await page.goto(at(key, '/login'));
  // The server's login page is usable at once; the sign-in's own wait starts once the app has taken it over.
  await page.locator('#login-shell').waitFor({ state: 'detached' });
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Opens the drawer on narrow screens; the wide layout shows the menu already. */
export async function showMenu(page: Page): Promise<void> {
  const opener = page.locator('[data-menu-open]');
  if (await opener.isVisible()) {
    await opener.click();
    await page.locator('[data-side-menu="drawer"]').waitFor();
    // Let the slide-in finish, so screenshots show the drawer in place.
    await page.waitForTimeout(300);
  }
}

/** The labels of the menu's top-level entries, in order. */
export async function menuLabels(page: Page): Promise<string[]> {
  await showMenu(page);
  const entries = page.locator('[data-side-menu] [data-menu-entry]');
  await entries.first().waitFor();
  // An entry's label without its unread count (the badge beside « Messages »).
  return entries.evaluateAll((elements) =>
    elements.map((element) => {
      const copy = element.cloneNode(true) as HTMLElement;
      for (const badge of copy.querySelectorAll('[data-unread-count]')) badge.remove();
      return (copy.textContent ?? '').trim();
    }),
  );
}

export async function footerLabels(page: Page): Promise<string[]> {
  return (await page.locator('[data-side-menu] [data-menu-footer]').allTextContents()).map((text) =>
    text.trim(),
  );
}

/**
 * The e-mail files written for `to` since `since` (ms), newest first. Files are named by time (no
 * address in a file name or a log line): the recipient is read from each file's `To:` header.
 */
export function mailsFor(to: string, since = 0): string[] {
  const dir = path.join(context.dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  const header = new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\r?$`, 'im');
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => path.join(dir, name))
    .filter((file) => fs.statSync(file).mtimeMs >= since)
    .filter((file) => header.test(fs.readFileSync(file, 'utf8').split(/\r?\n\r?\n/, 1)[0]!))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
}

/** Undoes quoted-printable soft breaks and escapes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Decodes RFC 2047 encoded words of a header (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`). */
function decodeHeader(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi,
    (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
  );
}

/** Waits for the sign-in code e-mailed to `to` after `since`, and returns its 6 digits. */
export async function waitForSignInCode(to: string, since: number): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const [newest] = mailsFor(to, since);
    if (newest) {
      const raw = fs.readFileSync(newest, 'utf8');
      const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
      const subject = decodeHeader(/^Subject: (.*)$/m.exec(unfolded)?.[1] ?? '');
      const code =
        /\b(\d{6})\b/.exec(subject)?.[1] ??
        /code de connexion[^0-9]*(\d{6})/.exec(decodeQuotedPrintable(raw))?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No sign-in code e-mailed to ${to} within 30 s`);
}

/** The dashboard's heading for `firstName`: « Bonjour » until 18:00 in the club's time zone, then « Bonsoir ». */
export const greeting = (firstName: string): RegExp => new RegExp(`^(Bonjour|Bonsoir) ${firstName}$`);
