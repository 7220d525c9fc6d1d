import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, rowsOf } from '../apps/api/src/db/client';
import { organizations } from '../apps/api/src/db/schema';
import { DEMO_ACCOUNTS } from '../apps/api/src/demo/accounts';
import { actorOf } from '../apps/api/src/factories/actors';
import { createFamilies } from '../apps/api/src/factories/families';
import { SMTP_POOL_CONNECTIONS } from '../apps/api/src/modules/mail/mail-transport';
import { createCommunicationsService } from '../apps/api/src/modules/communications/communications.service';
import type { BenchContext } from './run';

/*
 * A mailing to 5,000 families through a local SMTP server: the communication's job (recipients marked one
 * by one in PostgreSQL, paced by the organisation's speed set to its maximum, pooled connections) against,
 * in the same run, nodemailer alone sending the same messages to the same server with the same pool and
 * as many in flight. Prints both throughputs and the process's peak memory; the ratio is the job's
 * throughput / nodemailer's (higher is better, 1 = no overhead; the bar is 0.5).
 */

const FAMILIES = 5_000;
const ORG = 'org_demo';

export async function run({ databaseUrl }: BenchContext): Promise<number> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const smtpUrl = `smtp://127.0.0.1:${port}`;

  const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
  const config = loadConfig({ NODE_ENV: 'production', APP_BASE_HOST: 'localhost:3000', SMTP_URL: smtpUrl });
  const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  try {
    await createFamilies(app.ctx, FAMILIES, { prefix: 'bench' });
    await database.db
      .update(organizations)
      .set({ mailingRatePerSecond: 10_000 })
      .where(sql`id = ${ORG}`);
    const manager = await actorOf(database.db, ORG, { email: DEMO_ACCOUNTS.manager });
    const body = `<p>Bonjour,</p><p>${'La saison reprend samedi. '.repeat(20)}</p><ul><li>maillot</li><li>gourde</li></ul>`;

    // The click (recipients fixed, inboxes filled, the job queued), then the job to the last address marked.
    const clicked = performance.now();
    const { communication } = await createCommunicationsService(app.ctx).create(
      manager,
      {
        idempotencyKey: `bench-${Date.now()}`,
        target: 'everyone',
        targetId: null,
        subjectFr: 'Reprise de la saison',
        bodyFr: body,
        subjectEn: null,
        bodyEn: null,
        attachmentIds: [],
      },
      'fr',
    );
    const createMs = performance.now() - clicked;
    const started = performance.now();
    await app.ctx.queue.runUntilIdle();
    const jobMs = performance.now() - started;
    const [counts] = rowsOf<{ sent: number; total: number }>(
      await database.db.execute(sql`select count(*) filter (where status = 'sent')::int as sent,
        count(*)::int as total from communication_recipients
        where organization_id = ${ORG} and communication_id = ${communication.id}`),
    );
    if (!counts || counts.sent !== counts.total) throw new Error(`sent ${counts?.sent} of ${counts?.total}`);
    const jobRss = peakRss;

    // nodemailer alone: the same addresses, the same message, the same pool, as many in flight.
    const addresses = rowsOf<{ email: string }>(
      await database.db.execute(sql`select email from communication_recipients
        where organization_id = ${ORG} and communication_id = ${communication.id}`),
    ).map((r) => r.email);
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: SMTP_POOL_CONNECTIONS,
    });
    const rawStarted = performance.now();
    const inFlight = new Set<Promise<unknown>>();
    for (const to of addresses) {
      while (inFlight.size >= SMTP_POOL_CONNECTIONS) await Promise.race(inFlight);
      const sending: Promise<unknown> = transport
        .sendMail({ from: config.mailFrom, to, subject: 'Reprise de la saison', html: body, text: body })
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }
    await Promise.all(inFlight);
    const rawMs = performance.now() - rawStarted;
    transport.close();

    const jobRate = (counts.total / jobMs) * 1000;
    const rawRate = (addresses.length / rawMs) * 1000;
    console.log(`recipients: ${counts.total} (SMTP server received ${received})`);
    console.log(`sending (the click): ${(createMs / 1000).toFixed(2)} s`);
    console.log(`communication job: ${jobRate.toFixed(0)} messages/s (${(jobMs / 1000).toFixed(1)} s)`);
    console.log(`nodemailer alone: ${rawRate.toFixed(0)} messages/s (${(rawMs / 1000).toFixed(1)} s)`);
    console.log(`peak memory (RSS) during the job: ${(jobRss / 1024 / 1024).toFixed(0)} MB`);
    return jobRate / rawRate;
  } finally {
    clearInterval(sampler);
    await app.close();
    await database.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
