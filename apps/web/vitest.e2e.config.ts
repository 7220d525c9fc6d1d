import { defineConfig } from 'vitest/config';

/*
 * Browser tests: the built app served by the built API on *.localhost subdomains, driven by
 * playwright-core in Debian's Chromium. One server for the whole run (see e2e/global-setup.ts).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    // The browser tests run last, alone: they start a server and a browser of their own.
    sequence: { groupOrder: 3 },
    // Every screen is also checked with axe-core (e2e/support.ts), about a second each on a quiet machine
    // and several under the shared machine's load: the longest journeys (registry, registration, family)
    // went past 120 s with the checks.
    testTimeout: 240_000,
    // Building the web app and the API when they are stale takes a while on small machines.
    hookTimeout: 600_000,
  },
});
