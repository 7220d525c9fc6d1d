import {
  type Locale,
  type PendingConditions,
  refusalText,
  type RegistrationFacts,
  type RegistrationRefusal,
  type ReviewReason,
} from '@inscrio/shared';
import { sessionStartText } from './session-start-text';

/*
 * A refused registration as the API answers it: the reason, its text from the error catalogue of
 * packages/shared (filled with the facts of the case, in the caller's language), and what the family may
 * ask instead.
 */

export interface RefusalResult {
  serviceId: string;
  memberId: string;
  reason: RegistrationRefusal;
  message: string;
  canRequest: ReviewReason | null;
}

/** What the family may ask instead of a refused registration. */
export const REFUSAL_REQUESTS: Readonly<Record<RegistrationRefusal, ReviewReason | null>> = Object.freeze({
  'not-found': null,
  'not-open-yet': null,
  'self-registration-closed': 'visibility',
  'session-unavailable': null,
  'session-past': null,
  'too-young': 'age',
  'too-old': 'age',
  'already-registered': null,
  overlap: null,
  full: 'waiting-list',
  'conditions-not-accepted': null,
});

/** The facts a refusal message may quote (see the catalogue's `RegistrationFacts`). */
export type RefusalFacts = RegistrationFacts & {
  /** Which conditions the account must still accept (conditions-not-accepted). */
  which?: PendingConditions;
};

/** A refusal with its message and what may be asked instead. */
export function refusal(
  serviceId: string,
  memberId: string,
  reason: RegistrationRefusal,
  locale: Locale,
  facts: RefusalFacts = {},
): RefusalResult {
  return {
    serviceId,
    memberId,
    reason,
    message: refusalText(reason, locale, facts),
    canRequest: REFUSAL_REQUESTS[reason],
  };
}

/** The refusal for a session that turned out full when taking the seat (after the courtesy read). */
export function fullRefusal(
  serviceId: string,
  memberId: string,
  locale: Locale,
  facts: { activityName: string; startDateTime: Date; timeZone: string },
): RefusalResult {
  return refusal(serviceId, memberId, 'full', locale, {
    activityName: facts.activityName,
    sessionStart: sessionStartText(facts.startDateTime, facts.timeZone, locale),
  });
}

/** Same, for a registration that a concurrent request made first (unique index). */
export function alreadyRegisteredRefusal(
  serviceId: string,
  memberId: string,
  locale: Locale,
  facts: {
    memberName: string;
    gender?: string | null;
    activityName: string;
    startDateTime: Date;
    timeZone: string;
  },
): RefusalResult {
  return refusal(serviceId, memberId, 'already-registered', locale, {
    memberName: facts.memberName,
    gender: facts.gender,
    activityName: facts.activityName,
    sessionStart: sessionStartText(facts.startDateTime, facts.timeZone, locale),
  });
}
