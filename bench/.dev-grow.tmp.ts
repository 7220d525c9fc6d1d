import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { seedDatabase } from '../apps/api/src/db/seed';
import { growScale } from './scale-data';
const url = process.env.DATABASE_URL!;
const handle = await openDatabase({ url, poolSize: 2 });
await migrate(handle);
await seedDatabase(handle.db, { demo: true });
await handle.close();
const client = new pg.Client({ connectionString: url });
await client.connect();
const origin = new Date(Date.now() - 5 * 86_400_000);
for (const [from, to] of [[0, 10_000], [10_000, 1_000_000]] as const) {
  const t = Date.now();
  await growScale(client, { from, to, passwordHash: 'x', origin });
  console.log(`grown to ${to} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
await client.end();
