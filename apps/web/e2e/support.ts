import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

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

export async function launch(): Promise<Browser> {
  return chromium.launch({
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
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

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
  return (await entries.allTextContents()).map((text) => text.trim());
}

export async function footerLabels(page: Page): Promise<string[]> {
  return (await page.locator('[data-side-menu] [data-menu-footer]').allTextContents()).map((text) =>
    text.trim(),
  );
}

/** The e-mail files written for `to` since `since` (ms), newest first. */
function mailsFor(to: string, since: number): string[] {
  const dir = path.join(context.dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  const safe = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(`-${safe}.eml`))
    .map((name) => path.join(dir, name))
    .filter((file) => fs.statSync(file).mtimeMs >= since)
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
