import { ageInMonthsOn, localDay } from '@inscrio/shared';
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne } from 'drizzle-orm';
import { blueprints, members, participants, services, users } from '../db/schema';
import { registerDirectly, takeAttendance } from '../factories/attendance';
import type { FactoryContext } from '../factories/context';
import { createSessionContextRepository } from '../modules/services/session-context.repository';
import { DEMO_ACCOUNTS } from './accounts';

/** The notes a coach types at the pool side. */
const ABSENCE_NOTES = ['Malade', 'Prévenu par la famille', null, 'Pas de nouvelles'];
const PRESENT_NOTES = ['Arrivé en retard', 'Parti 15 min plus tôt', 'En retard, bus raté'];

/**
 * Activities whose past sessions the demo fills: public and protected ones (a family in a private one
 * sees another catalogue), among them every weekly activity the demo holder coaches (swimming, football,
 * tennis), so his attendance, attendees and work time screens look lived in. Only past sessions: the
 * upcoming football and yoga sessions stay empty for other screens.
 */
const FILLED_ACTIVITIES = [
  'Natation enfants',
  'Bébés nageurs',
  'Danse moderne',
  'Football 6-12 ans',
  'Tennis',
];
const DAY_MS = 86_400_000;
/** How far back the demo's sessions were attended. */
const HISTORY_DAYS = 42;
/** Children registered per activity. */
const PER_ACTIVITY = 7;
/** The demo holder's swimming: a few of its regulars on the next sessions too (football's stay empty). */
const UPCOMING_FILLED = ['Natation enfants'];
const UPCOMING_SESSIONS = 3;
const UPCOMING_KIDS = 4;

/**
 * The demo club's last weeks: children registered on the past sessions of a few activities (by the
 * manager, before each session), and attendance taken on every past session that has participants:
 * mostly present, a few absent with a note, some late arrivals, marked a few minutes after the start.
 */
export async function seedAttendance(ctx: FactoryContext, organizationId: string, now: Date): Promise<void> {
  const dayStart = new Date(now);
  dayStart.setUTCHours(0, 0, 0, 0);
  const since = new Date(dayStart.getTime() - HISTORY_DAYS * DAY_MS);
  const byEmail = DEMO_ACCOUNTS.manager;

  // Children of the demo families, not the demo parent's: its « Mes activités » starts as orders.ts leaves it.
  const [parent] = await ctx.db
    .select({ familyId: users.familyId })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.email, DEMO_ACCOUNTS.parent)));
  const children = await ctx.db
    .select({ id: members.id, birthdate: members.birthdate })
    .from(members)
    .where(
      and(
        eq(members.organizationId, organizationId),
        isNull(members.userId),
        isNull(members.deletedAt),
        parent?.familyId ? ne(members.familyId, parent.familyId) : undefined,
      ),
    )
    .orderBy(asc(members.id));
  const activities = await ctx.db
    .select({
      id: blueprints.id,
      name: blueprints.name,
      minAge: blueprints.minAge,
      maxAge: blueprints.maxAge,
    })
    .from(blueprints)
    .where(and(eq(blueprints.organizationId, organizationId), inArray(blueprints.name, FILLED_ACTIVITIES)));
  const today = localDay(now, 'Europe/Brussels');
  for (const activity of activities) {
    const kids = children
      .filter((child) => {
        const age = ageInMonthsOn(child.birthdate, today);
        return (
          age !== null &&
          (!activity.minAge || age >= activity.minAge) &&
          (!activity.maxAge || age <= activity.maxAge)
        );
      })
      .slice(0, PER_ACTIVITY);
    if (kids.length === 0) continue;
    const sessions = await pastSessions(ctx, organizationId, since, dayStart, activity.id);
    for (const session of sessions) {
      await registerDirectly(ctx, {
        organizationId,
        byEmail,
        serviceId: session.id,
        memberIds: kids.map((kid) => kid.id),
        at: new Date(session.startDateTime.getTime() - 2 * DAY_MS),
      });
    }
    if (UPCOMING_FILLED.includes(activity.name))
      await fillUpcoming(ctx, { organizationId, byEmail, now, blueprintId: activity.id, kids });
  }

  const sessionContext = createSessionContextRepository(ctx.db);
  let n = 0;
  for (const session of await pastSessions(ctx, organizationId, since, dayStart)) {
    const coming = await sessionContext.comingTo(organizationId, session.id);
    const marks = coming.map((participant, index) => {
      n += 1;
      const markedAt = new Date(session.startDateTime.getTime() + (5 + index) * 60_000);
      if (n % 11 === 0)
        return {
          participantId: participant.id,
          mark: 'absent' as const,
          note: ABSENCE_NOTES[n % ABSENCE_NOTES.length],
          markedAt,
        };
      return {
        participantId: participant.id,
        mark: 'present' as const,
        note: n % 17 === 0 ? PRESENT_NOTES[n % PRESENT_NOTES.length] : null,
        markedAt,
      };
    });
    // Sent when the session ended: the marks arrive after they were made, as on the day.
    ctx.at(new Date(session.startDateTime.getTime() + 90 * 60_000));
    await takeAttendance(ctx, { organizationId, serviceId: session.id, byEmail, marks });
  }
  ctx.at(null);
}

/** Registers a few of the activity's regulars on its next sessions, leaving seats free for families. */
async function fillUpcoming(
  ctx: FactoryContext,
  request: {
    organizationId: string;
    byEmail: string;
    now: Date;
    blueprintId: string;
    kids: { id: string }[];
  },
) {
  const { organizationId, now } = request;
  const next = await ctx.db
    .select({ id: services.id, maxSeats: services.maxSeats, reservedSeats: services.reservedSeats })
    .from(services)
    .where(
      and(
        eq(services.organizationId, organizationId),
        eq(services.blueprintId, request.blueprintId),
        gte(services.startDateTime, now),
        eq(services.status, 'confirmed'),
      ),
    )
    .orderBy(asc(services.startDateTime))
    .limit(UPCOMING_SESSIONS);
  for (const session of next) {
    const taken = await ctx.db
      .select({ memberId: participants.memberId })
      .from(participants)
      .where(and(eq(participants.organizationId, organizationId), eq(participants.serviceId, session.id)));
    const free = session.maxSeats < 0 ? UPCOMING_KIDS : session.maxSeats - session.reservedSeats - 2;
    const memberIds = request.kids
      .filter((kid) => !taken.some((t) => t.memberId === kid.id))
      .slice(0, Math.max(0, Math.min(UPCOMING_KIDS, free)))
      .map((kid) => kid.id);
    if (memberIds.length === 0) continue;
    await registerDirectly(ctx, {
      organizationId,
      byEmail: request.byEmail,
      serviceId: session.id,
      memberIds,
      at: new Date(now.getTime() - DAY_MS),
    });
  }
}

/** The sessions (not cancelled) that started in [since, until), latest first, of an activity or all. */
function pastSessions(
  ctx: FactoryContext,
  organizationId: string,
  since: Date,
  until: Date,
  blueprintId?: string,
) {
  return ctx.db
    .select({ id: services.id, startDateTime: services.startDateTime, status: services.status })
    .from(services)
    .where(
      and(
        eq(services.organizationId, organizationId),
        blueprintId ? eq(services.blueprintId, blueprintId) : undefined,
        gte(services.startDateTime, since),
        lt(services.startDateTime, until),
        eq(services.status, 'confirmed'),
      ),
    )
    .orderBy(desc(services.startDateTime), desc(services.id));
}
