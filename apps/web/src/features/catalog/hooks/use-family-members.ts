import { useFamilyMembersQuery } from '@/lib/family-members';

/** A member of the caller's family the catalogue can filter for (their age today picks the activities). */
export interface FamilyMember {
  id: string;
  firstName: string | null;
  lastName: string | null;
  birthdate: string | null;
  /** 'M', 'F' or 'O' when known: words a mark (« Trop âgée »). */
  gender?: string | null;
}

const NONE: readonly FamilyMember[] = Object.freeze([]);

/**
 * The caller's family members for the catalogue's 'Pour' filter (`memberId`), from `GET /me/delegated`.
 * Managers have no family: none, and the filter stays hidden; a failed load hides it too.
 */
export function useFamilyMembers(): { members: readonly FamilyMember[]; isPending: boolean } {
  const query = useFamilyMembersQuery();
  return { members: query.data?.items ?? NONE, isPending: query.isLoading };
}
