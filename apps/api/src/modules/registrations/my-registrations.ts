import { familyOf } from '../../lib/access';
import type { MyRegistrationsQuery, ParticipantPage } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../lib/access';

import { toParticipantDto } from './participants.dto';
import { createParticipantsRepository } from './participants.repository';
import { familyMayCancel } from './cancellations';

/**
 * 'Mes activités': the family's registrations, sessions not over yet first (soonest first), or past ones
 * (latest first), each saying whether the family may still cancel it. Used by the dashboard and the
 * family calendar.
 */
export function createMyRegistrationsService(ctx: AppContext) {
  const repository = createParticipantsRepository(ctx.db);
  return {
    async list(auth: AuthContext, query: MyRegistrationsQuery): Promise<ParticipantPage> {
      const { organizationId, familyId } = familyOf(auth);
      const { page, pageSize } = query;
      const now = ctx.clock.now();
      const upcoming = query.scope === 'upcoming';
      const { rows, total } = await repository.list(
        organizationId,
        {
          familyId,
          memberId: query.memberId,
          blueprintId: query.blueprintId,
          ...(upcoming ? { endsAfter: now } : { endedBy: now }),
        },
        upcoming ? 'upcoming' : 'past',
        { limit: pageSize, offset: (page - 1) * pageSize },
      );
      return {
        items: rows.map((r) =>
          toParticipantDto(r, familyMayCancel(r.participant, r.service.startDateTime, now)),
        ),
        total,
        page,
        pageSize,
      };
    },
  };
}
