import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, preparedStatement } from '../src/db/client';
import { insertWithSeat } from '../src/modules/registrations/seats.repository';
import { createCartRepository } from '../src/modules/cart/cart.repository';
import { newId } from '../src/lib/ids';
import { createActivity, createFamilies, type FamilyFixture } from './helpers/order-fixtures';
import { openTestDatabase, usingPostgres } from './helpers/test-database';

/*
 * The statements of an add to the cart keep one plan per connection (db/client.ts `preparedStatement`,
 * `plan: 'generic'`): planned again at every call, the eligibility statement cost ten times its
 * execution. Plan caches are PostgreSQL's.
 */
describe.skipIf(!usingPostgres())('statements with one plan (PostgreSQL: TEST_DATABASE_URL)', () => {
  let database: DatabaseHandle;
  let family: FamilyFixture;
  let serviceId: string;

  beforeAll(async () => {
    // One connection on the main pool: the calls below, one after the other, reuse the same connection
    // of the generic statements' pool too.
    database = await openTestDatabase(1);
    family = (await createFamilies({ db: database.db }, 1))[0]!;
    const activity = await createActivity(database.db, { maxSeats: 5, sessions: [{ start: new Date() }] });
    serviceId = activity.serviceIds[0]!;
  });
  afterAll(() => database?.close());

  const request = () => ({
    organizationId: 'org_demo',
    serviceId,
    memberId: family.childId,
    familyId: family.familyId,
    supplementIds: [],
    locale: 'fr' as const,
  });

  /** The plan counts of a prepared statement on the connection the generic statements use. */
  const plansOf = preparedStatement<{ generic: number; custom: number }>(
    'test_plans_of',
    sql`select generic_plans::int as generic, custom_plans::int as custom
      from pg_prepared_statements where name = ${sql.placeholder('name')}`,
    { plan: 'generic' },
  );

  it('reads a pair’s facts and the cart at every add without planning the statement again', async () => {
    const repository = createCartRepository(database.db);
    for (let i = 0; i < 8; i++) {
      const { facts, cart } = await repository.eligibilityWithCart(request(), new Date());
      expect(facts?.id).toBe(serviceId);
      expect(cart?.lines).toEqual([]);
    }
    const [plans] = await plansOf(database.db, { name: 'cart_eligibility' });
    expect(plans).toEqual({ generic: 8, custom: 0 });
  });

  it('inside a transaction runs on the transaction’s connection and sees its writes', async () => {
    const seen = await database.db.transaction(async (tx) => {
      const seated = await insertWithSeat(tx, {
        organizationId: 'org_demo',
        id: newId('reg'),
        serviceId,
        memberId: family.childId,
        familyId: family.familyId,
        status: 'reserved',
        cartLinked: true,
        holdExpiresAt: new Date(Date.now() + 600_000),
        chosenSupplementIds: [],
        createdByUserId: family.userId,
        now: new Date(),
      });
      expect(seated).toBe(true);
      // Not committed yet: only the transaction's own connection sees the seat and the line.
      return createCartRepository(tx).eligibilityWithCart(request(), new Date());
    });
    expect(seen.facts?.reserved_seats).toBe(1);
    expect(seen.cart?.lines.map((l) => l.serviceId)).toEqual([serviceId]);
  });
});
