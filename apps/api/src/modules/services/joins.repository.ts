import { and, eq } from 'drizzle-orm';
import { blueprints, members, participants, periods, services } from '../../db/schema';

/*
 * The join conditions the sessions' queries share, once: a session's activity and period, a
 * participant's session and member (each on the organisation id too, as the tenant keys are). Kept in
 * services, the lowest module that reads them; periods, registrations and orders import them from here.
 */

export const blueprintOfService = and(
  eq(blueprints.organizationId, services.organizationId),
  eq(blueprints.id, services.blueprintId),
);
export const periodOfService = and(
  eq(periods.organizationId, services.organizationId),
  eq(periods.id, services.periodId),
);
export const serviceOfParticipant = and(
  eq(services.organizationId, participants.organizationId),
  eq(services.id, participants.serviceId),
);
export const memberOfParticipant = and(
  eq(members.organizationId, participants.organizationId),
  eq(members.id, participants.memberId),
);
