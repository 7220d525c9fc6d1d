import { displayName, type Locale } from '@inscrio/shared';
import { z } from 'zod';
import { memberSchema } from '../users/user.dto';
import type { Account } from '../users/user.repository';
import type { InvitationRow } from './family.repository';

/** `GET /me/delegated`: one page of the family's members. */
export const memberListSchema = z.object({
  items: z.array(memberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** Another adult sharing the family: their own account and sign-in. */
export const representativeSchema = z.object({
  userId: z.string(),
  memberId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  displayName: z.string(),
});

export const invitationStatusSchema = z.enum(['pending', 'accepted', 'declined', 'revoked', 'expired']);
export type InvitationStatusDto = z.infer<typeof invitationStatusSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: invitationStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  invitedBy: z.object({ userId: z.string(), displayName: z.string() }),
});
export type InvitationDto = z.infer<typeof invitationSchema>;

/** `GET /me/representatives`: the other adults of the family, and the invitations still open. */
export const representativesSchema = z.object({
  items: z.array(representativeSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pendingInvitations: z.array(invitationSchema),
});

/** `GET /representative-invitations/:token`: what the invited person sees before answering. */
export const publicInvitationSchema = z.object({
  organizationName: z.string(),
  inviterName: z.string(),
  memberFirstNames: z.array(z.string()),
  email: z.string(),
  status: invitationStatusSchema,
  expiresAt: z.string(),
});

/** An invitation's status as people read it: a pending one past its date has expired. */
export const invitationStatus = (row: InvitationRow, now: Date): InvitationStatusDto =>
  row.status === 'pending' && row.expiresAt <= now ? 'expired' : (row.status as InvitationStatusDto);

export const toRepresentativeDto = ({ user, member }: Account, locale: Locale) => ({
  userId: user.id,
  memberId: member.id,
  firstName: member.firstName,
  lastName: member.lastName,
  email: user.email,
  displayName: displayName({ ...member, email: user.email }, 'member', locale),
});

export const toInvitationDto = (
  row: InvitationRow,
  inviter: Account | undefined,
  now: Date,
  locale: Locale,
): InvitationDto => ({
  id: row.id,
  email: row.email,
  status: invitationStatus(row, now),
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  invitedBy: {
    userId: row.invitedByUserId,
    displayName: displayName(
      inviter ? { ...inviter.member, email: inviter.user.email } : null,
      'member',
      locale,
    ),
  },
});
