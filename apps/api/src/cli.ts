import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { isEmpty, seedDatabase } from './demo/seed';

/** `migrate`, `seed` (demo data into an empty database) or `reset` (erase everything, then both). */
async function main(command: string | undefined) {
  const config = loadConfig();
  if (command === 'reset' && !config.databaseUrl) {
    await fs.rm(path.join(config.dataDir, 'pgdata'), { recursive: true, force: true });
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (command === 'reset' && database.kind === 'postgres') {
      await database.query(
        'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public',
      );
    }
    await migrate(database);
    if (command === 'seed' || command === 'reset') {
      if (!(await isEmpty(database.db))) {
        console.log('The database already holds organisations: nothing seeded (use db:reset to start over).');
      } else {
        await seedDatabase(database.db, { demo: true });
        console.log('Demo data seeded.');
      }
    }
    console.log(`${command ?? 'migrate'}: done (${database.kind}).`);
  } finally {
    await database.close();
  }
}

const command = process.argv[2];
if (!['migrate', 'seed', 'reset'].includes(command ?? '')) {
  console.error('usage: cli.ts migrate | seed | reset');
  process.exit(2);
}
main(command).catch((error) => {
  console.error(error);
  process.exit(1);
});
