/*
 * Shapes of the family calls (apps/api/src/modules/family/family.dto.ts). A family member is the
 * `Member` of lib/api-types; its list comes from lib/family-members.
 */

/** Another adult sharing the family: their own account and sign-in. */
export interface Representative {
  userId: string;
  memberId: string;
  firstName: string;
  lastName: string;
  email: string;
  displayName: string;
}

export type InvitationStatus = 'pending' | 'accepted' | 'declined' | 'revoked' | 'expired';

export interface RepresentativeInvitation {
  id: string;
  email: string;
  status: InvitationStatus;
  createdAt: string;
  expiresAt: string;
  invitedBy: { userId: string; displayName: string };
}

/** `GET /me/representatives`: the other adults of the family, and the invitations still open. */
export interface Representatives {
  items: Representative[];
  total: number;
  page: number;
  pageSize: number;
  pendingInvitations: RepresentativeInvitation[];
}
