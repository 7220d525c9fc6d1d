import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASYNC_COMMIT, type DatabaseHandle, flushCommits, rowsOf } from '../src/db/client';
import { members } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { insertWithSeat } from '../src/modules/registrations/seats.repository';
import { createActivity } from './helpers/order-fixtures';
import { openTestDatabase, usingPostgres } from './helpers/test-database';

/*
 * The statements a rush piles up on commit without waiting for the disk, so their row locks go at once
 * (db/client.ts), and are told done only once flushed (`flushCommits`). WAL positions are PostgreSQL's.
 */
describe.skipIf(!usingPostgres())('early lock release (PostgreSQL: TEST_DATABASE_URL)', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query))[0]!;

  it('a write committed without waiting for the disk is on disk once flushCommits returns', async () => {
    const { lsn } = await one<{ lsn: string }>(
      sql`with w as (update organizations set updated_at = now() where id = 'org_demo' returning id)
          select pg_current_wal_insert_lsn()::text as lsn, ${ASYNC_COMMIT} as early from w`,
    );
    await flushCommits(database.db);
    const { flushed } = await one<{ flushed: boolean }>(
      sql`select pg_current_wal_flush_lsn() >= ${lsn}::pg_lsn as flushed`,
    );
    expect(flushed).toBe(true);
    // Only that statement's transaction committed early: the connection's setting is back.
    const { setting } = await one<{ setting: string }>(
      sql`select current_setting('synchronous_commit') as setting`,
    );
    expect(setting).toBe('on');
  });

  it('a seat taken inside a caller’s transaction leaves that transaction’s commit synchronous', async () => {
    const activity = await createActivity(database.db, { maxSeats: 5, sessions: [{ start: new Date() }] });
    const [member] = await database.db
      .select({ id: members.id, familyId: members.familyId })
      .from(members)
      .where(and(eq(members.organizationId, 'org_demo'), isNotNull(members.familyId)))
      .limit(1);
    const setting = await database.db.transaction(async (tx) => {
      const seated = await insertWithSeat(tx, {
        organizationId: 'org_demo',
        id: newId('reg'),
        serviceId: activity.serviceIds[0]!,
        memberId: member!.id,
        familyId: member!.familyId,
        status: 'reserved',
        cartLinked: true,
        holdExpiresAt: new Date(Date.now() + 600_000),
        chosenSupplementIds: [],
        createdByUserId: 'usr_parent',
        now: new Date(),
      });
      expect(seated).toBe(true);
      return rowsOf<{ s: string }>(
        await tx.execute(sql`select current_setting('synchronous_commit') as s`),
      )[0]!.s;
    });
    expect(setting).toBe('on');
  });
});
