import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blueprints, organizations, periods, services } from '../../db/schema';
import { blueprintOfService, periodOfService } from '../services/joins.repository';
import type { SessionFacts } from './eligibility-rules';

/*
 * Sessions as registering sees them: a session with its activity and period, the organisation's
 * registration settings, and a period's sessions (invitations to the next one).
 */

/** A session with what registering to it needs to know: the checks' facts, less the tax, with the establishment. */
export type SessionInfo = Omit<SessionFacts, 'taxPercentage'> & { establishmentId: string };

export function createSessionParticipantsRepository(db: Executor) {
  return {
    /** The session, its activity and its period's opening, in this organisation. */
    async findSession(organizationId: string, serviceId: string): Promise<SessionInfo | undefined> {
      const [row] = await db
        .select({
          id: services.id,
          blueprintId: services.blueprintId,
          periodId: services.periodId,
          startDateTime: services.startDateTime,
          duration: services.duration,
          status: services.status,
          maxSeats: services.maxSeats,
          reservedSeats: services.reservedSeats,
          blueprintName: blueprints.name,
          colorCode: blueprints.colorCode,
          establishmentId: blueprints.establishmentId,
          visibility: blueprints.visibility,
          minAge: blueprints.minAge,
          maxAge: blueprints.maxAge,
          price: blueprints.price,
          archivedAt: blueprints.archivedAt,
          registrationOpensAt: periods.registrationOpensAt,
        })
        .from(services)
        .innerJoin(blueprints, blueprintOfService)
        .leftJoin(periods, periodOfService)
        .where(and(eq(services.organizationId, organizationId), eq(services.id, serviceId)));
      return row;
    },

    /** The organisation's name, key, time zone and registration delays. */
    async settings(organizationId: string) {
      const [row] = await db
        .select({
          name: organizations.name,
          key: organizations.key,
          timeZone: organizations.timeZone,
          holdMinutes: organizations.holdMinutes,
          invitationHours: organizations.invitationHours,
        })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row;
    },

    /** The period's sessions that are not cancelled, in start order, with their activity. */
    async sessionsOfPeriod(organizationId: string, periodId: string) {
      return db
        .select({
          id: services.id,
          blueprintId: services.blueprintId,
          blueprintName: blueprints.name,
          colorCode: blueprints.colorCode,
          startDateTime: services.startDateTime,
          duration: services.duration,
          status: services.status,
        })
        .from(services)
        .innerJoin(blueprints, blueprintOfService)
        .where(
          and(
            eq(services.organizationId, organizationId),
            eq(services.periodId, periodId),
            ne(services.status, 'cancelled'),
          ),
        )
        .orderBy(asc(services.startDateTime), asc(services.id));
    },
  };
}
