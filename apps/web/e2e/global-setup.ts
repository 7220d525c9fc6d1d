import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startFakeMollie } from '../../api/test/helpers/fake-mollie';

/*
 * One server for the browser tests: builds the web app and the API when their outputs are missing or
 * older than their sources, starts the bundled API (which serves the built app) on a free port with a
 * fresh database, and stops it at the end. A local Mollie (apps/api/test/helpers/fake-mollie.ts) runs
 * beside it, so an organisation can connect Mollie and a family can pay on its checkout page. Without Chromium the tests are skipped with one clear line,
 * unless REQUIRE_E2E=1 (CI), where that is a failure.
 */

export interface E2EContext {
  /** Path of the Chromium executable, or null when the browser tests are skipped. */
  chromiumPath: string | null;
  port: number;
  /** Where the server writes its e-mails (`mail/*.eml`). */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2EContext;
  }
}

export const SKIP_MESSAGE =
  'Browser tests skipped: Chromium not found. Install it (apt-get install chromium) or set CHROMIUM_PATH.';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function findChromium(): string | null {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  try {
    fs.accessSync(candidate, fs.constants.X_OK);
    return candidate;
  } catch {
    return null;
  }
}

function newestFile(entry: string): number {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const item of fs.readdirSync(full, { withFileTypes: true, recursive: true })) {
    if (item.isFile()) latest = Math.max(latest, fs.statSync(path.join(item.parentPath, item.name)).mtimeMs);
  }
  return latest;
}

function buildIfStale(workspace: string, output: string, sources: string[]): void {
  const outputTime = fs.existsSync(path.join(root, output))
    ? fs.statSync(path.join(root, output)).mtimeMs
    : 0;
  const sourceTime = Math.max(...sources.map(newestFile));
  if (outputTime >= sourceTime) return;
  process.stdout.write(`e2e: building ${workspace}…\n`);
  // A production build whatever the test runner's NODE_ENV ('test' would bundle React's development
  // build, twice as large and slower: the first-load budgets measure what is deployed).
  execSync(`npm run build -w ${workspace}`, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(port: number, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`e2e: the server stopped (code ${server.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`e2e: the server did not answer /api/health within 90 s:\n${log()}`);
}

/** A fresh PostgreSQL database next to TEST_DATABASE_URL's, dropped at the end. */
async function createDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `e2e_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    if (process.env.REQUIRE_E2E === '1') {
      throw new Error(
        'Browser tests cannot run: Chromium not found, and REQUIRE_E2E=1 requires them. Install it (apt-get install chromium) or set CHROMIUM_PATH.',
      );
    }
    process.stdout.write(`${SKIP_MESSAGE}\n`);
    project.provide('e2e', { chromiumPath: null, port: 0, dataDir: '' });
    return async () => undefined;
  }

  buildIfStale('@inscrio/web', 'apps/web/dist/index.html', [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'apps/web/vite.config.ts',
    'apps/web/build-plugins.ts',
    'packages/shared/src',
  ]);
  buildIfStale('@inscrio/api', 'apps/api/dist/server.mjs', ['apps/api/src', 'packages/shared/src']);

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscrio-e2e-'));
  const database = process.env.TEST_DATABASE_URL ? await createDatabase(process.env.TEST_DATABASE_URL) : null;
  // Its merchant has completed onboarding: a connected organisation can take payments at once.
  const mollie = await startFakeMollie({ onboardingStatus: 'completed', canReceivePayments: true });

  let output = '';
  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_BASE_HOST: `localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // The browser tests sign the same demo accounts in many times within one 15-minute window.
      AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
      // The browser tests register the demo parent's children themselves: their family starts empty.
      SEED_DEMO_FAMILY: 'false',
      // The platform's Mollie app, against the local Mollie (its API speaks HTTPS with a self-signed
      // certificate, trusted by this test server only).
      ...mollie.env,
      NODE_TLS_REJECT_UNAUTHORIZED: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await mollie.close();
    await database
      ?.drop()
      .catch((error: unknown) => console.warn('e2e: could not drop the test database', error));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(port, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  project.provide('e2e', { chromiumPath, port, dataDir });
  return stop;
}
