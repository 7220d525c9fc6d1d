import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { isEmpty, seedDatabase } from './demo/seed';
import { registerMaintenance } from './jobs/maintenance';
import { createLogger } from './lib/logger';
import { registerInvitationExpiry } from './modules/registrations/invitations';
import { registerHoldsJob } from './modules/registrations/holds.job';
import { registerOverdueJob } from './modules/invoicing/overdue.job';
import { registerRecoveryJob } from './modules/recovery/recovery.job';
import { registerSessionRemindersJob } from './modules/session-changes/session-reminders.job';
import { registerInvoiceTotalsJob } from './modules/invoicing/invoice-totals.job';
import { registerTrialJob } from './modules/licences/trial.job';
import { registerStatementsJob } from './modules/platform/statements.job';

/** The built web app, beside the API in the repository (same path from the sources and the bundle). */
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  logger.info(
    database.kind === 'pglite'
      ? `embedded PostgreSQL (PGlite) in ${config.dataDir}: for trying and small installs; set DATABASE_URL in production`
      : 'PostgreSQL from DATABASE_URL',
  );
  await migrate(database);
  if (await isEmpty(database.db)) {
    await seedDatabase(database.db, { demo: config.seedDemo, demoFamily: config.seedDemoFamily });
    logger.info(
      config.seedDemo ? 'empty database: demo data seeded' : 'empty database: system organisation created',
    );
  }

  const app = await buildApp({ config, database, logger, webDist });
  if (config.runJobs) {
    await registerMaintenance(app.ctx.queue, database.db);
    await registerInvitationExpiry(app.ctx);
    await registerHoldsJob(app.ctx);
    await registerOverdueJob(app.ctx);
    await registerRecoveryJob(app.ctx);
    await registerSessionRemindersJob(app.ctx);
    await registerInvoiceTotalsJob(app.ctx);
    await registerTrialJob(app.ctx);
    await registerStatementsJob(app.ctx);
    app.ctx.queue.start();
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const base = `${config.urlScheme}://`;
  logger.info(
    `demo club: ${base}demo.${config.appBaseHost}  platform: ${base}admin.${config.appBaseHost}  API docs: ${base}${config.appBaseHost}/api/docs`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
