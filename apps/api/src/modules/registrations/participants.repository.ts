import type { Executor } from '../../db/client';
import { createFamilyParticipantsRepository } from './family-participants.repository';
import { createParticipantRowsRepository } from './participant-rows.repository';
import { createRegistryRepository } from './registry.repository';
import { createSessionParticipantsRepository } from './session-participants.repository';

/*
 * Participants (registrations) of an organisation, one repository over the files that hold its SQL by
 * concern: rows and their locks (participant-rows), the registry and review queue (registry), sessions
 * (session-participants), families (family-participants). Every query takes the
 * organisation id.
 */

export {
  LIVE_STATUSES,
  type ParticipantRow,
  type ParticipantView,
  SEAT_STATUSES,
} from './participant-rows.repository';

export function createParticipantsRepository(db: Executor) {
  return {
    ...createParticipantRowsRepository(db),
    ...createRegistryRepository(db),
    ...createSessionParticipantsRepository(db),
    ...createFamilyParticipantsRepository(db),
  };
}
