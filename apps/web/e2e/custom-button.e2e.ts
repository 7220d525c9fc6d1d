import http from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  browserAvailable,
  context,
  launch,
  menuLabels,
  openPage,
  PASSWORD,
  signIn,
  snap,
} from './support';

/** A JSON call to the test server from Node, which cannot resolve *.localhost: the host goes in a header. */
function api(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port: context.port,
        method,
        path,
        headers: {
          host: `demo.localhost:${context.port}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, json: text ? JSON.parse(text) : null }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

// Skipped without Chromium: "Browser tests skipped: Chromium not found. Install it (apt-get install chromium) or set CHROMIUM_PATH."
describe.skipIf(!browserAvailable)('the custom external button of the menu', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    const { json } = await api('POST', '/api/auth/sign-in/password', {
      email: 'admin@demo.test',
      password: PASSWORD,
    });
    await api(
      'PATCH',
      '/api/website/settings',
      { showCustomButton: false },
      (json as { accessToken: string }).accessToken,
    );
    await browser?.close();
  });

  it('appears in a family menu once a manager sets it, opening its https address', async () => {
    const { json } = await api('POST', '/api/auth/sign-in/password', {
      email: 'admin@demo.test',
      password: PASSWORD,
    });
    const token = (json as { accessToken: string }).accessToken;
    const saved = await api(
      'PATCH',
      '/api/website/settings',
      {
        showCustomButton: true,
        customButtonName: 'Boutique du club',
        customButtonURL: 'boutique.example.be',
      },
      token,
    );
    expect(saved.status).toBe(200);

    const { page, context: browserContext } = await openPage(browser);
    await signIn(page, 'demo', 'parent@demo.test');
    // The settings load after the menu: wait for the entry rather than reading the menu at once.
    const link = page.locator('[data-side-menu] a', { hasText: 'Boutique du club' });
    await link.waitFor({ timeout: 10_000 });
    expect((await menuLabels(page)).at(-1)).toMatch(/^Boutique du club/);
    expect(await link.getAttribute('href')).toBe('https://boutique.example.be');
    expect(await link.getAttribute('target')).toBe('_blank');
    await snap(page, 'custom-button-parent-menu');
    await page.goto(at('demo', '/'));
    await browserContext.close();
  });
});
