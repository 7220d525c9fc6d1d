import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { actorOf } from '../factories/actors';
import type { FactoryContext } from '../factories/context';
import { consumeRecoveryToken } from '../modules/recovery/consume';
import { issueTokenForAbsence } from '../modules/recovery/recovery-issue';
import { expireRecoveryTokens } from '../modules/recovery/recovery.job';
import { createRecoveryService } from '../modules/recovery/recovery.service';
import { createParticipantsRepository } from '../modules/registrations/participants.repository';
import { releaseSeat } from '../modules/registrations/seats.repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/*
 * The demo's recovery tokens (« Récupérations »), lived through the services: children missed past
 * sessions (marked absent, a token each), the manager gave some by hand, one was used on a session to
 * come, one expired, one was cancelled. The demo parent has available ones to use.
 */

interface PastRegistration {
  id: string;
  family_id: string;
  member_id: string;
  start_date_time: Date | string;
}

/** Confirmed registrations to past sessions of activities that allow recovery, latest first. */
async function pastRegistrations(ctx: FactoryContext, organizationId: string, now: Date) {
  return rowsOf<PastRegistration>(
    await ctx.db.execute(sql`
      select p.id, p.family_id, p.member_id, s.start_date_time
      from participants p
      join services s on s.organization_id = p.organization_id and s.id = p.service_id
      join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
      where p.organization_id = ${organizationId} and p.status = 'confirmed'
        and s.start_date_time < ${now.toISOString()}::timestamptz
        and s.start_date_time > ${new Date(now.getTime() - 60 * DAY).toISOString()}::timestamptz
        and b.visibility in ('protected', 'public')
      order by s.start_date_time desc, p.id`),
  );
}

/** The participant was absent: its seat given back, its status `absent`, and the token it gives. */
async function markAbsent(ctx: FactoryContext, organizationId: string, registration: PastRegistration) {
  const start = new Date(registration.start_date_time);
  const at = new Date(start.getTime() + 2 * HOUR);
  ctx.at(at);
  await releaseSeat(ctx.db, organizationId, registration.id);
  await createParticipantsRepository(ctx.db).update(
    organizationId,
    registration.id,
    { status: 'absent' },
    at,
  );
  await issueTokenForAbsence(ctx, ctx.db, {
    organizationId,
    participantId: registration.id,
    at,
    actorUserId: null,
  });
  ctx.at(null);
}

export async function seedRecoveryTokens(
  ctx: FactoryContext,
  organizationId: string,
  now: Date,
  {
    parentFamilyId,
    parentEmail,
    managerEmail,
    demoFamily,
  }: { parentFamilyId: string; parentEmail: string; managerEmail: string; demoFamily: boolean },
): Promise<void> {
  const manager = await actorOf(ctx.db, organizationId, { email: managerEmail });
  const recovery = createRecoveryService(ctx);
  const past = await pastRegistrations(ctx, organizationId, now);

  // Other families: a handful of absences over the last weeks.
  const others = past.filter((r) => r.family_id !== parentFamilyId);
  const seenFamilies = new Set<string>();
  for (const registration of others) {
    if (seenFamilies.size >= 6) break;
    if (seenFamilies.has(registration.family_id)) continue;
    seenFamilies.add(registration.family_id);
    await markAbsent(ctx, organizationId, registration);
  }

  const parent = await actorOf(ctx.db, organizationId, { email: parentEmail });
  const children = rowsOf<{ id: string; first_name: string }>(
    await ctx.db.execute(sql`select id, first_name from members
      where organization_id = ${organizationId} and family_id = ${parentFamilyId} and deleted_at is null and birthdate > '2010-01-01'
      order by birthdate`),
  );
  // The parent's children missed a past session each (when they had one).
  for (const registration of past.filter((r) => r.family_id === parentFamilyId).slice(0, 2)) {
    await markAbsent(ctx, organizationId, registration);
  }
  const [first, second] = children;
  // Without its registrations (the browser tests register the children themselves), the family still
  // holds tokens, but none used: a used one is a registration.
  if (!first) return;
  const byHand = async (memberId: string, at: Date, valueCents: number, note: string) => {
    ctx.at(at);
    const token = await recovery.issue(manager, { memberId, valueCents, note });
    ctx.at(null);
    return token.id;
  };
  // Available: given by hand after a trip was called off.
  await byHand(first.id, new Date(now.getTime() - 12 * DAY), 1500, 'Stage de Toussaint annulé');
  if (demoFamily) {
    // Used: given three weeks ago, used on a session since.
    const used = await byHand(
      (second ?? first).id,
      new Date(now.getTime() - 21 * DAY),
      1200,
      'Geste commercial',
    );
    ctx.at(new Date(now.getTime() - 20 * DAY));
    const sessions = await recovery.sessions(parent, used, 'fr');
    // A session already past today: the make-up happened.
    const chosen = sessions.find((s) => new Date(s.startDateTime).getTime() < now.getTime());
    if (chosen) await consumeRecoveryToken(ctx, parent, used, chosen.serviceId, 'fr');
    ctx.at(null);
  }
  // Expired: given four months ago, never used.
  await byHand(first.id, new Date(now.getTime() - 120 * DAY), 1000, 'Séance de rattrapage');
  await expireRecoveryTokens(ctx);
  // Cancelled: given by mistake and withdrawn.
  const mistaken = await byHand(
    (second ?? first).id,
    new Date(now.getTime() - 5 * DAY),
    1000,
    'Récupération',
  );
  ctx.at(new Date(now.getTime() - 5 * DAY + HOUR));
  await recovery.cancel(manager, mistaken, 'Émise en double');
  ctx.at(null);
}
