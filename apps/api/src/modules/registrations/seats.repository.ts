import { and, eq, sql } from 'drizzle-orm';
import {
  ASYNC_COMMIT,
  earlyCommitStatement,
  type Executor,
  inTransaction,
  preparedStatement,
} from '../../db/client';
import { participants, services } from '../../db/schema';

/*
 * The seat counter `services.reserved_seats` and the `participants.holds_seat` flag move together, in the
 * caller's transaction, and only through these two functions. Taking a seat is one conditional UPDATE
 * (stack-notes: the guard that held under concurrency); the CHECK constraint on services is the last line
 * of defence.
 */

/**
 * Takes one seat of a session if one is free (unlimited sessions always have one). Returns false when the
 * session is full, cancelled, or not in this organisation. Call it before inserting or flipping the
 * participant that will hold the seat, in the same transaction.
 */
export async function takeSeat(tx: Executor, organizationId: string, serviceId: string): Promise<boolean> {
  const taken = await tx
    .update(services)
    .set({ reservedSeats: sql`${services.reservedSeats} + 1` })
    .where(
      and(
        eq(services.organizationId, organizationId),
        eq(services.id, serviceId),
        sql`${services.status} <> 'cancelled'`,
        sql`(${services.maxSeats} = -1 or ${services.reservedSeats} < ${services.maxSeats})`,
      ),
    )
    .returning({ id: services.id });
  return taken.length === 1;
}

/**
 * Gives back the seat a participant holds, if it holds one, and clears its flag. Returns whether a seat
 * was freed (the caller may then offer it to the waiting list).
 */
export async function releaseSeat(
  tx: Executor,
  organizationId: string,
  participantId: string,
): Promise<boolean> {
  const released = await tx
    .update(participants)
    .set({ holdsSeat: false })
    .where(
      and(
        eq(participants.organizationId, organizationId),
        eq(participants.id, participantId),
        eq(participants.holdsSeat, true),
      ),
    )
    .returning({ serviceId: participants.serviceId });
  const row = released[0];
  if (!row) return false;
  await tx
    .update(services)
    .set({ reservedSeats: sql`greatest(${services.reservedSeats} - 1, 0)` })
    .where(and(eq(services.organizationId, organizationId), eq(services.id, row.serviceId)));
  return true;
}

/** A participant that holds a seat from the start (a cart line). */
export interface SeatHoldingParticipant {
  organizationId: string;
  id: string;
  serviceId: string;
  memberId: string;
  familyId: string;
  status: 'reserved' | 'confirmed' | 'invited';
  cartLinked: boolean;
  holdExpiresAt: Date | null;
  chosenSupplementIds: string[];
  createdByUserId: string;
  now: Date;
}

const p = (name: string) => sql.placeholder(name);

/** The seat and the participant in one statement; `early`: its commit releases the session row at once. */
const insertWithSeatSql = (early: boolean) => sql`
    with seat as (
      update services
      set reserved_seats = reserved_seats + 1
      where organization_id = ${p('organizationId')} and id = ${p('serviceId')} and status <> 'cancelled'
        and (max_seats = -1 or reserved_seats < max_seats)
      returning id${early ? sql`, ${ASYNC_COMMIT}` : sql``}
    )
    insert into participants (organization_id, id, service_id, member_id, family_id, status, holds_seat,
      cart_linked, hold_expires_at, chosen_supplement_ids, created_by_user_id, created_at, updated_at)
    select ${p('organizationId')}, ${p('id')}, seat.id, ${p('memberId')}, ${p('familyId')}, ${p('status')}, true,
      ${p('cartLinked')}, ${p('holdExpiresAt')}::timestamptz, ${p('chosenSupplementIds')}::jsonb,
      ${p('createdByUserId')}, ${p('now')}::timestamptz, ${p('now')}::timestamptz
    from seat
    returning id`;

const insertWithSeatStatement = preparedStatement<{ id: string }>(
  'participant_insert_with_seat',
  insertWithSeatSql(false),
);
const insertWithSeatEarlyStatement = earlyCommitStatement<{ id: string }>(
  'participant_insert_with_seat_early',
  insertWithSeatSql(true),
  (rows) => rows.length === 1,
  { plan: 'generic' },
);

/**
 * Takes a seat and inserts the participant holding it in ONE statement: atomic without a transaction
 * (a unique violation undoes the seat too), and, run on its own, the session row stays locked only for
 * the statement, not for its commit's fsync (`ASYNC_COMMIT`, then `flushCommits` before answering: the
 * buyers of a rush on one popular session no longer wait for each other's fsync). Returns false when the
 * session is full or cancelled.
 */
export async function insertWithSeat(db: Executor, participant: SeatHoldingParticipant): Promise<boolean> {
  const standalone = !inTransaction(db);
  const rows = await (standalone ? insertWithSeatEarlyStatement : insertWithSeatStatement)(db, {
    ...participant,
    holdExpiresAt: participant.holdExpiresAt?.toISOString() ?? null,
    chosenSupplementIds: JSON.stringify(participant.chosenSupplementIds),
    now: participant.now.toISOString(),
  });
  // Run on its own, the statement committed without waiting for the disk (db/client.ts): the session row
  // was released at once, for the next buyer; the seat is told taken only once it is on disk.
  return rows.length === 1;
}
