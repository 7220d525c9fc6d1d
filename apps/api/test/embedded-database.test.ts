import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { isEmpty, seedDatabase } from '../src/demo/seed';
import { DEMO_HOST } from './helpers/test-app';

/*
 * Whatever TEST_DATABASE_URL says, this file starts the embedded database the way `npm start` does (a
 * data directory on disk, migrations from scratch, seed), so CI on PostgreSQL also proves the same
 * migrations and queries work on PGlite, and that the data survives a restart.
 */
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'inscrio-embedded-'));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

async function start(): Promise<{ database: DatabaseHandle; app: Awaited<ReturnType<typeof buildApp>> }> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_BASE_HOST: 'localhost:3000' });
  const database = await openDatabase({ dataDir: config.dataDir });
  await migrate(database);
  if (await isEmpty(database.db)) await seedDatabase(database.db, { demo: true });
  const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
  return { database, app };
}

describe('embedded database (PGlite on disk)', () => {
  it('migrates, seeds, serves sign-in and e-mails the code as an .eml file; keeps it all across a restart', async () => {
    const first = await start();
    expect(first.database.kind).toBe('pglite');
    const signIn = await first.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/password',
      headers: { host: DEMO_HOST },
      payload: { email: DEMO_ACCOUNTS.admin, password: 'Demo1234' },
    });
    expect(signIn.statusCode).toBe(200);
    const otp = await first.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      headers: { host: DEMO_HOST },
      payload: { identifier: DEMO_ACCOUNTS.parent, channel: 'email' },
    });
    expect(otp.statusCode).toBe(204);
    await first.app.ctx.queue.runUntilIdle();
    const files = await fs.readdir(path.join(dataDir, 'mail'));
    const mails = await Promise.all(files.map((f) => fs.readFile(path.join(dataDir, 'mail', f), 'utf8')));
    expect(mails.some((mail) => /^To: parent@demo\.test\r?$/m.test(mail))).toBe(true);
    await first.app.close();
    await first.database.close();

    const second = await start();
    const session = await second.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { host: DEMO_HOST, authorization: `Bearer ${signIn.json().accessToken}` },
    });
    // Same database, same generated signing secret: the session opened before the restart still works.
    expect(session.statusCode).toBe(200);
    await second.app.close();
    await second.database.close();
  });
});
