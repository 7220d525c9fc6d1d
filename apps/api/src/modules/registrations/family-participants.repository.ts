import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { blueprints, members, participants, services, users } from '../../db/schema';
import { blueprintOfService, serviceOfParticipant } from '../services/joins.repository';
import { LIVE_STATUSES } from './participant-rows.repository';

/*
 * Families as registering sees them: a member, whether the family takes part in an activity, whom to
 * write to, and a member's registrations (when the member leaves the family).
 */

export function createFamilyParticipantsRepository(db: Executor) {
  return {
    /** A live (not deleted) member of the organisation. */
    async findMember(organizationId: string, memberId: string) {
      const [row] = await db
        .select({
          id: members.id,
          familyId: members.familyId,
          firstName: members.firstName,
          lastName: members.lastName,
          birthdate: members.birthdate,
        })
        .from(members)
        .where(
          and(
            eq(members.organizationId, organizationId),
            eq(members.id, memberId),
            isNull(members.deletedAt),
          ),
        );
      return row;
    },

    /** Whether the family has a live registration to a session of the activity. */
    async familyTakesPart(organizationId: string, familyId: string, blueprintId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: participants.id })
        .from(participants)
        .innerJoin(services, serviceOfParticipant)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.familyId, familyId),
            eq(services.blueprintId, blueprintId),
            inArray(participants.status, [...LIVE_STATUSES]),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * The contact of each family (its first live account: name, e-mail, phone), for the managers'
     * 'A traiter' cards; one query for the page.
     */
    async familyContacts(organizationId: string, familyIds: readonly string[]) {
      if (familyIds.length === 0)
        return new Map<string, { name: string; email: string | null; phone: string | null }>();
      const rows = rowsOf<{
        family_id: string;
        first_name: string | null;
        last_name: string | null;
        email: string | null;
        phone: string | null;
      }>(
        await db.execute(sql`select distinct on (u.family_id) u.family_id, m.first_name, m.last_name,
            coalesce(u.email, m.email) as email, m.phone_number as phone
          from users u
          left join members m on m.organization_id = u.organization_id and m.user_id = u.id
          where u.organization_id = ${organizationId} and u.deleted_at is null
            and u.family_id in (${sql.join(
              familyIds.map((id) => sql`${id}`),
              sql`, `,
            )})
          order by u.family_id, u.created_at`),
      );
      return new Map(
        rows.map((r) => [
          r.family_id,
          { name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(), email: r.email, phone: r.phone },
        ]),
      );
    },

    /** Where to write to a family: its live accounts. */
    async familyRecipients(organizationId: string, familyId: string) {
      return db
        .select({
          id: users.id,
          email: users.email,
          locale: users.locale,
          recoveryReminders: users.recoveryReminders,
        })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.familyId, familyId),
            isNull(users.deletedAt),
          ),
        )
        .orderBy(asc(users.createdAt));
    },

    /** The member's live registrations to sessions not started yet. */
    async futureOfMember(organizationId: string, memberId: string, now: Date) {
      return db
        .select({
          id: participants.id,
          serviceId: participants.serviceId,
          serviceName: blueprints.name,
          startDateTime: services.startDateTime,
        })
        .from(participants)
        .innerJoin(services, serviceOfParticipant)
        .innerJoin(blueprints, blueprintOfService)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.memberId, memberId),
            inArray(participants.status, [...LIVE_STATUSES]),
            gt(services.startDateTime, now),
          ),
        )
        .orderBy(asc(services.startDateTime));
    },

    /** The member's live registrations, whatever the date (cancelled when the member leaves). */
    async liveOfMember(organizationId: string, memberId: string) {
      return db
        .select({ id: participants.id })
        .from(participants)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.memberId, memberId),
            inArray(participants.status, [...LIVE_STATUSES]),
          ),
        );
    },
  };
}
