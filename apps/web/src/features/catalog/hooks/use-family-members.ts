/** A member of the caller's family the catalogue can filter for (their age today picks the activities). */
export interface FamilyMember {
  id: string;
  firstName: string | null;
  lastName: string | null;
  birthdate: string | null;
}

const NONE: readonly FamilyMember[] = Object.freeze([]);

/**
 * The caller's family members for the catalogue's 'Pour' filter (`memberId`).
 *
 * TODO(members issue — family members, `GET /me/delegated` of spec section 7): the API has no endpoint
 * listing a family's members yet, so this returns none and the filter stays hidden. Once the members
 * issue adds `GET /me/delegated`, fetch it here (query key ['me', 'delegated']) and return its members.
 */
export function useFamilyMembers(): { members: readonly FamilyMember[]; isPending: boolean } {
  return { members: NONE, isPending: false };
}
