import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo/accounts';
import { startSmtpInbox } from './helpers/smtp-inbox';
import { openTestDatabase, usingPostgres } from './helpers/test-database';

/*
 * Two real API processes (the server run from its sources, as `npm run dev` does) on one PostgreSQL
 * database, as behind a load balancer: what one does, the other must honour at once.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const HOST = 'demo.localhost:3000';
/** The per-account sign-in limit both instances run with (per 15 minutes). */
const PER_ACCOUNT_LIMIT = 5;

interface Instance {
  name: string;
  port: number;
  process: ChildProcess;
  output: () => string;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** One HTTP exchange with an instance, as a browser of the demo club would send it. */
function call(
  instance: Instance,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: instance.port,
        method,
        path: url,
        headers: {
          host: HOST,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let body: Record<string, unknown> = {};
          try {
            body = JSON.parse(text) as Record<string, unknown>;
          } catch {
            // Not JSON (a 204): the status says enough.
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * A relay in front of the SMTP inbox: it slows each connection down a little (so that both instances take
 * part in a batch) and can swallow the mail to one address without ever answering (a mail "in flight"
 * forever), whichever of the pooled connections carries it.
 */
async function startSmtpRelay(targetPort: number, delayMs: number) {
  let stallFor: string | null = null;
  const stalled = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    setTimeout(() => {
      const upstream = net.connect(targetPort, '127.0.0.1');
      upstream.on('error', () => socket.destroy());
      socket.on('close', () => upstream.destroy());
      upstream.on('close', () => socket.destroy());
      upstream.pipe(socket);
      socket.on('data', (chunk: Buffer) => {
        if (stalled.has(socket)) return;
        if (stallFor && chunk.toString('latin1').toLowerCase().includes(stallFor)) {
          // From its recipient on, this connection's mail never reaches the server nor gets an answer.
          stallFor = null;
          stalled.add(socket);
          return;
        }
        upstream.write(chunk);
      });
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    stallMailTo: (address: string) => (stallFor = address.toLowerCase()),
    close: () => {
      for (const socket of stalled) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!usingPostgres())('two instances on one database (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let relay: Awaited<ReturnType<typeof startSmtpRelay>>;
  let dataDir: string;
  let a: Instance;
  let b: Instance;
  const instances: Instance[] = [];

  async function startInstance(name: string): Promise<Instance> {
    const port = await freePort();
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_BASE_HOST: 'localhost:3000',
        DATA_DIR: path.join(dataDir, name),
        DATABASE_URL: database.url,
        SMTP_URL: relay.url,
        // Generated once and shared through the database, as in production without JWT_SECRET.
        JWT_SECRET: '',
        AUTH_SIGN_IN_PER_ACCOUNT_IP: String(PER_ACCOUNT_LIMIT),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const instance: Instance = { name, port, process: child, output: () => output };
    instances.push(instance);
    await until(
      `instance ${name} to answer`,
      async () => {
        if (child.exitCode !== null) throw new Error(`instance ${name} exited:\n${output}`);
        return (await call(instance, 'GET', '/api/health')).status === 200 ? true : undefined;
      },
      120_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${output}`);
    });
    return instance;
  }

  const workerOf = (instance: Instance) => `:${instance.process.pid}:`;

  beforeAll(async () => {
    database = await openTestDatabase(2);
    inbox = await startSmtpInbox();
    relay = await startSmtpRelay(Number(new URL(inbox.url).port), 40);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'inscrio-instances-'));
    a = await startInstance('a');
    // The second instance starts after the first ran this hour's clean-up: it must not run it again.
    await until(
      "the first instance's recurring jobs",
      async () => {
        const [row] = await database.query<{ n: string }>(
          "select count(*) as n from jobs where queue = 'maintenance.cleanup' and status = 'done'",
        );
        return Number(row!.n) > 0 ? true : undefined;
      },
      30_000,
    );
    b = await startInstance('b');
  }, 300_000);

  afterAll(async () => {
    await Promise.all(
      instances.map(async (instance) => {
        if (instance.process.exitCode !== null || instance.process.signalCode !== null) return;
        const exited = new Promise((resolve) => instance.process.once('exit', resolve));
        instance.process.kill('SIGTERM');
        await Promise.race([exited, sleep(5_000)]);
        instance.process.kill('SIGKILL');
      }),
    );
    await relay?.close();
    await inbox?.close();
    await database?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('a session signed out on one instance is refused at once on the other', async () => {
    const accounts = [
      DEMO_ACCOUNTS.parent,
      DEMO_ACCOUNTS.holder,
      DEMO_ACCOUNTS.manager,
      DEMO_ACCOUNTS.admin,
      DEMO_ACCOUNTS.estManager,
    ];
    for (const round of [0, 1]) {
      for (const email of accounts) {
        const [signingOut, other] = round === 0 ? [a, b] : [b, a];
        const signIn = await call(signingOut, 'POST', '/api/auth/sign-in/password', {
          body: { email, password: DEMO_PASSWORD },
        });
        expect(signIn.status).toBe(200);
        const token = signIn.body.accessToken as string;
        // The other instance has just found this session alive (and may remember it).
        expect((await call(other, 'GET', '/api/catalog/blueprints', { token })).status).toBe(200);
        expect((await call(other, 'GET', '/api/catalog/blueprints', { token })).status).toBe(200);
        expect((await call(signingOut, 'POST', '/api/auth/sign-out', { token, body: {} })).status).toBe(204);
        // The very next request, on the other instance: refused, with no window.
        const after = await call(other, 'GET', '/api/catalog/blueprints', { token });
        expect({ email, status: after.status }).toEqual({ email, status: 401 });
      }
    }
  }, 120_000);

  it('shares rate limits: attempts on either instance count against one limit', async () => {
    const email = `nobody-${Date.now()}@demo.test`;
    const attempt = (instance: Instance) =>
      call(instance, 'POST', '/api/auth/sign-in/password', { body: { email, password: 'Wrong1234' } });
    for (let n = 0; n < PER_ACCOUNT_LIMIT; n++) {
      expect((await attempt(n % 2 === 0 ? a : b)).status).toBe(401);
    }
    // Neither instance saw the limit's worth of attempts alone; together they did.
    expect((await attempt(b)).status).toBe(429);
    expect((await attempt(a)).status).toBe(429);
  }, 60_000);

  it('runs each job once across both: a batch of mails and the recurring jobs', async () => {
    const total = 50;
    await database.query(
      `insert into jobs (id, queue, payload, max_attempts)
       select 'job_once_' || n, 'mail.send',
         json_build_object('to', 'once-' || n || '@example.be', 'subject', 'Once ' || n, 'text', 'Hello', 'html', '<p>Hello</p>'),
         8
       from generate_series(1, $1::int) n`,
      [total],
    );
    await until(
      'every mail of the batch',
      async () => (inbox.received.filter((m) => m.to.startsWith('once-')).length >= total ? true : undefined),
      60_000,
    );
    await sleep(500);
    const received = inbox.received.filter((m) => m.to.startsWith('once-')).map((m) => m.to);
    expect(received).toHaveLength(total);
    expect(new Set(received).size).toBe(total);
    const workers = await database.query<{ locked_by: string }>(
      "select distinct locked_by from jobs where id like 'job_once_%'",
    );
    // Both instances took part.
    expect(workers.some((w) => w.locked_by.includes(workerOf(a)))).toBe(true);
    expect(workers.some((w) => w.locked_by.includes(workerOf(b)))).toBe(true);

    // Both instances booked the recurring jobs; each slot of each is one job, run at most once.
    const twice = await database.query<{ queue: string; run_at: Date; n: string }>(
      `select queue, run_at, count(*) as n from jobs where singleton_key like 'slot-%'
       group by queue, run_at having count(*) > 1`,
    );
    expect(twice).toEqual([]);
  }, 120_000);

  it('a mail claimed by an instance killed mid-way is sent by the other within a minute', async () => {
    // Nothing else is being sent: the mail to this address is the one that hangs.
    await until(
      'the mail queue to be idle',
      async () => {
        const [row] = await database.query<{ n: string }>(
          "select count(*) as n from jobs where queue = 'mail.send' and status in ('queued', 'running')",
        );
        return Number(row!.n) === 0 ? true : undefined;
      },
      60_000,
    );
    relay.stallMailTo('orphan@example.be');
    await database.query(
      `insert into jobs (id, queue, payload, max_attempts)
       values ('job_orphan', 'mail.send', $1, 8)`,
      [{ to: 'orphan@example.be', subject: 'Orphan', text: 'Hello', html: '<p>Hello</p>' }],
    );
    const claimedBy = await until(
      'the mail to be claimed',
      async () => {
        const [row] = await database.query<{ status: string; locked_by: string | null }>(
          "select status, locked_by from jobs where id = 'job_orphan'",
        );
        return row?.status === 'running' && row.locked_by ? row.locked_by : undefined;
      },
      20_000,
    );
    const [victim, survivor] = claimedBy.includes(workerOf(a)) ? [a, b] : [b, a];
    expect(claimedBy).toContain(workerOf(victim));
    // The mail is in flight (its SMTP connection never answers) when its instance dies.
    await sleep(500);
    expect(inbox.mailsTo('orphan@example.be')).toHaveLength(0);
    victim.process.kill('SIGKILL');
    const killedAt = Date.now();

    await until(
      'the mail from the surviving instance',
      async () => inbox.mailsTo('orphan@example.be')[0],
      60_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    const [job] = await database.query<{ status: string; attempts: number; locked_by: string }>(
      "select status, attempts, locked_by from jobs where id = 'job_orphan'",
    );
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(job!.locked_by).toContain(workerOf(survivor));
    expect(inbox.mailsTo('orphan@example.be')).toHaveLength(1);
  }, 180_000);
});

if (!usingPostgres())
  console.warn('PostgreSQL-only many-instances test skipped: set TEST_DATABASE_URL to run it.');
