import { hasAgeLimits, isWithinAgeLimits, type RegistrationRequestInput } from '@inscrio/shared';
import type { EligibilityCheck } from './eligibility-rules';

/*
 * What a family's request for an exception asks, and whether it is needed at all. Pure.
 */

export type RequestReason = RegistrationRequestInput['reason'];

/**
 * The checks each kind of request leaves out: the one it asks an exception for, and the seat (none is
 * held while the manager decides).
 */
export const SKIPPED_BY_REQUEST: Readonly<Record<RequestReason, readonly EligibilityCheck[]>> = {
  age: ['age', 'full'],
  'waiting-list': ['full'],
  visibility: ['visibility', 'full'],
};

/**
 * Why the member could register directly instead of asking: within the age limits (an unknown age is
 * outside any limit), a free seat left, an activity open to self-registration. Null when the request is
 * needed.
 */
export function requestNotNeeded(
  reason: RequestReason,
  session: {
    minAge: number | null;
    maxAge: number | null;
    maxSeats: number;
    reservedSeats: number;
    visibility: string;
  },
  ageMonths: number | null,
): 'within-age' | 'seats-left' | 'open' | null {
  if (reason === 'age') {
    const outside =
      ageMonths === null
        ? hasAgeLimits(session.minAge, session.maxAge)
        : !isWithinAgeLimits(ageMonths, session.minAge, session.maxAge);
    if (!outside) return 'within-age';
  }
  if (reason === 'waiting-list' && (session.maxSeats === -1 || session.reservedSeats < session.maxSeats)) {
    return 'seats-left';
  }
  if (reason === 'visibility' && session.visibility === 'public') return 'open';
  return null;
}

/** The texts of a request refused before it is recorded (its sessions, its activity, no need for it). */
export const UNKNOWN_SESSION = {
  fr: "Une des séances demandées n'existe pas ou n'est pas proposée à votre famille.",
  en: 'One of the sessions asked for does not exist or is not offered to your family.',
};
export const ONE_ACTIVITY = {
  fr: "Une demande porte sur les séances d'une seule activité.",
  en: 'A request covers the sessions of one activity only.',
};
/** The refusal of a request the member does not need, and the rule it names. */
export const NOT_NEEDED = {
  'within-age': { code: 'request_not_needed_age', rule: 'within_age' },
  'seats-left': { code: 'request_not_needed_seats', rule: 'seats_left' },
  open: { code: 'request_not_needed_open', rule: 'open' },
} as const;
