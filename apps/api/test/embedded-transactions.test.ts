import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Executor, rowsOf } from '../src/db/client';
import { openTestDatabase, usingPostgres } from './helpers/test-database';

/*
 * The embedded database is one connection: code inside a transaction that queries the database itself
 * instead of the transaction used to hang the whole server for good (a manager validating a holder's
 * month did). It is refused at once instead (db/client.ts).
 */
describe.skipIf(usingPostgres())('the embedded database around a transaction', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  const one = async (db: Executor) => rowsOf(await db.execute(sql`select 1 as one`));

  it('refuses, instead of waiting for ever, a query made outside the open transaction from inside it', async () => {
    const attempt = database.db.transaction(async (tx) => {
      await one(tx);
      await one(database.db);
    });
    // drizzle names the failed query and keeps the refusal as its cause.
    await expect(attempt).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/one connection/) },
    });
    // The transaction was rolled back and the database still answers.
    expect(await one(database.db)).toEqual([{ one: 1 }]);
  });

  it('lets work the transaction left running query once it is over', async () => {
    let later: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await one(tx);
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => one(database.db));
    });
    await expect(later).resolves.toEqual([{ one: 1 }]);
  });

  it('serves queries from elsewhere after the transaction, as before', async () => {
    const [inside, outside] = await Promise.all([
      database.db.transaction(async (tx) => one(tx)),
      one(database.db),
    ]);
    expect(inside).toEqual([{ one: 1 }]);
    expect(outside).toEqual([{ one: 1 }]);
  });
});
