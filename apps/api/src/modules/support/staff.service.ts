import {
  type InviteStaffInput,
  isPlatformAdmin,
  type Locale,
  MEMBER_INVITATION_DAYS,
  type StaffKind,
  SYSTEM_ORGANIZATION_ID,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import { AppError, refused } from '../../lib/app-error';
import type { AuthContext } from '../../lib/access';
import { randomToken, sha256 } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import type { RequestMeta } from '../auth/auth.service';
import { createMembersRepository } from '../members/members.repository';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { createUserRepository } from '../users/user.repository';
import { createStaffRepository, type StaffRow } from './staff.repository';

export interface StaffDto {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  kind: StaffKind;
  /** The invitation is not accepted yet (no password chosen). */
  invited: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

const toStaffDto = (row: StaffRow): StaffDto => ({
  userId: row.userId,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  kind: row.isSystemAdmin ? 'system-admin' : 'support',
  invited: !row.hasPassword,
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** What removing a member of the staff leaves: never no system administrator at all. */
export function mayRemoveStaff(target: { isSystemAdmin: boolean }, activeSystemAdmins: number): boolean {
  return !target.isSystemAdmin || activeSystemAdmins > 1;
}

const staffFields = (kind: StaffKind) =>
  kind === 'system-admin'
    ? { role: 'admin', isSystemAdmin: true }
    : { role: 'support', isSystemAdmin: false };

/**
 * « Administrateurs et supports » (`/members/all` in the system organisation, system administrators only):
 * the platform staff, inviting one by e-mail (an account bound to that address, with the members'
 * single-use link to choose a password), removing one but never the last system administrator.
 */
export function createStaffService(ctx: AppContext) {
  const repository = createStaffRepository(ctx.db);

  /** Only a system administrator, acting on the platform itself. */
  function assertPlatformAdmin(auth: AuthContext) {
    if (!isPlatformAdmin(auth.actor, auth.homeOrganizationId)) {
      throw new AppError('forbidden');
    }
  }

  return {
    async list(auth: AuthContext): Promise<StaffDto[]> {
      assertPlatformAdmin(auth);
      return (await repository.list()).map(toStaffDto);
    },

    async invite(auth: AuthContext, input: InviteStaffInput, meta: RequestMeta): Promise<StaffDto> {
      assertPlatformAdmin(auth);
      const system = await createOrganizationRepository(ctx.db).findById(SYSTEM_ORGANIZATION_ID);
      if (!system) throw new AppError('not_found');
      const email = input.email.trim().toLowerCase();
      const userId = await ctx.db
        .transaction(async (tx) => {
          const staff = createStaffRepository(tx);
          const existing = await staff.findByEmail(email);
          if (existing && !existing.deletedAt) {
            // A live account of the system organisation: staff already, or one the platform keeps otherwise.
            throw existing.isStaff ? refused('staff_already_member') : new AppError('email_taken');
          }
          let id: string;
          if (existing) {
            id = existing.userId;
            await staff.restore(id, staffFields(input.kind));
            await staff.setNames(id, input.firstName, input.lastName);
          } else {
            const account = await createUserRepository(tx).createAccount(SYSTEM_ORGANIZATION_ID, {
              email,
              passwordHash: null,
              ...staffFields(input.kind),
              locale: meta.locale,
              person: { firstName: input.firstName, lastName: input.lastName, email },
            });
            id = account.user.id;
          }
          await ctx.audit.record(
            {
              organizationId: SYSTEM_ORGANIZATION_ID,
              actorUserId: auth.userId,
              impersonatorUserId: auth.impersonatorUserId,
              requestId: meta.requestId,
              ip: meta.ip,
              type: 'user-created',
              subjectType: 'user',
              subjectId: id,
              data: { method: 'staff-invitation', kind: input.kind },
            },
            tx,
          );
          // The link is bound to this account, hence to this address: POST /auth/reset-password
          // consumes it for no one else.
          const token = randomToken();
          await createMembersRepository(tx).insertInvitationToken({
            organizationId: SYSTEM_ORGANIZATION_ID,
            userId: id,
            tokenHash: sha256(token),
            expiresAt: new Date(ctx.clock.now().getTime() + MEMBER_INVITATION_DAYS * 24 * 3600_000),
          });
          await ctx.mailer.send(
            {
              to: email,
              locale: meta.locale as Locale,
              organizationId: SYSTEM_ORGANIZATION_ID,
              executor: tx,
            },
            'member-invitation',
            {
              organizationName: system.name,
              firstName: input.firstName,
              link: organizationUrl(
                ctx.config,
                system.key,
                `/reset-password?token=${encodeURIComponent(token)}&invitation=1`,
              ),
              days: MEMBER_INVITATION_DAYS,
            },
          );
          return id;
        })
        .catch((error) => {
          throw isUniqueViolation(error, 'users_org_email_unique') ? refused('staff_already_member') : error;
        });
      const created = await repository.find(userId);
      return toStaffDto(created!);
    },

    /** Takes a member out of the staff (their sessions end); refused for the last system administrator. */
    async remove(auth: AuthContext, userId: string, meta: RequestMeta): Promise<void> {
      assertPlatformAdmin(auth);
      await ctx.db.transaction(async (tx) => {
        const staff = createStaffRepository(tx);
        const admins = await staff.lockSystemAdmins();
        const target = await staff.find(userId);
        if (!target) throw new AppError('not_found');
        if (!mayRemoveStaff(target, admins.length)) throw refused('last_system_admin');
        await staff.remove(userId, ctx.clock.now());
        await createUserRepository(tx).revokeSessions(SYSTEM_ORGANIZATION_ID, userId, 'staff-removed');
        await ctx.audit.record(
          {
            organizationId: SYSTEM_ORGANIZATION_ID,
            actorUserId: auth.userId,
            impersonatorUserId: auth.impersonatorUserId,
            requestId: meta.requestId,
            ip: meta.ip,
            type: 'user-deleted',
            subjectType: 'user',
            subjectId: userId,
            data: { method: 'staff-removed', kind: target.isSystemAdmin ? 'admin' : 'support' },
          },
          tx,
        );
      });
    },
  };
}
