import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pino, { type Logger } from 'pino';
import type { RateLimits } from '../../src/app-context';
import { buildApp, rateLimitsOf } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import { DEMO_PASSWORD } from '../../src/demo/accounts';
import type { Clock } from '../../src/lib/clock';
import { startSmtpInbox } from './smtp-inbox';
import { openTestDatabase } from './test-database';

export const DEMO_HOST = 'demo.localhost:3000';
export const ADMIN_HOST = 'admin.localhost:3000';

/** A clock that tests move forward to cross expiry limits without waiting. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface RequestOptions {
  host?: string;
  token?: string;
  organizationId?: string;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

/**
 * The whole API on its own database copy, with a real SMTP inbox on loopback. Requests go through the
 * real HTTP layer with `app.inject()` (Node cannot resolve `*.localhost`, so the host is a header).
 */
export async function createTestApp(
  options: {
    rateLimits?: RateLimits;
    poolSize?: number;
    webDist?: string;
    /** Extra environment read by `loadConfig` (e.g. the local provider servers' addresses). */
    env?: Record<string, string>;
    /** The application's logger (default: silent, or TEST_LOG_LEVEL). */
    logger?: Logger;
  } = {},
) {
  const database: DatabaseHandle = await openTestDatabase(options.poolSize);
  const inbox = await startSmtpInbox();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'inscrio-app-'));
  const clock = new TestClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_BASE_HOST: 'localhost:3000',
    SMTP_URL: inbox.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const app: FastifyInstance = await buildApp({
    config,
    database,
    clock,
    logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    rateLimits: options.rateLimits ?? {
      ...rateLimitsOf(config),
      perAddress: { limit: 10_000, windowSeconds: 900 },
    },
    webDist: options.webDist,
  });
  await app.ready();

  async function request(method: InjectOptions['method'], url: string, opts: RequestOptions = {}) {
    const headers: Record<string, string> = { host: opts.host ?? DEMO_HOST, ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.organizationId) headers['x-organization-id'] = opts.organizationId;
    return app.inject({
      method,
      url,
      headers,
      query: opts.query,
      ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}),
    });
  }

  async function signIn(email: string, password = DEMO_PASSWORD, host = DEMO_HOST) {
    const response = await request('POST', '/api/auth/sign-in/password', { host, body: { email, password } });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.body}`);
    return response.json() as {
      accessToken: string;
      refreshToken: string;
      user: { id: string; email: string; memberId: string; organizationId: string; role: string };
      organization: { id: string; key: string };
      isSystemAdmin: boolean;
    };
  }

  /** Runs the queued jobs, then waits for the SMTP inbox to hold `count` mails for `to`. */
  async function waitForMail(to: string, count = 1) {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      await app.ctx.queue.runUntilIdle();
      const mails = inbox.mailsTo(to);
      if (mails.length >= count) return mails[count - 1]!;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail #${count} for ${to}; inbox holds ${inbox.received.map((m) => m.to).join(', ')}`);
  }

  return {
    app,
    db: database.db,
    database,
    clock,
    inbox,
    request,
    signIn,
    waitForMail,
    async close() {
      await app.close();
      await database.close();
      await inbox.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
