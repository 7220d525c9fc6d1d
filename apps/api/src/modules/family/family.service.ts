import type { DelegatedPersonInput, Locale, UpdateDelegatedPersonInput } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError, refused } from '../../lib/app-error';
import { type AuthContext, familyOf } from '../../lib/access';
import { assertContactRules, blankToNull } from '../users/person-rules';
import { toMemberDto } from '../users/user.dto';
import { createUserRepository, type MemberFields } from '../users/user.repository';
import {
  cancelRegistrationsOfMember,
  futureRegistrationsOfMember,
  offerSeatsOf,
} from '../registrations/cancellations';
import { createFamilyRepository } from './family.repository';

/** Members a family may hold, so that one account cannot fill the table. */
export const FAMILY_MEMBERS_MAX = 50;

/** A registration of a member to a session still to come, as the removal of the member explains it. */
export interface FutureRegistration {
  id: string;
  serviceName: string;
  startDateTime: string;
}

/** The member's live registrations to sessions still to come (what removing the member cancels). */
export function futureRegistrationsOf(
  ctx: AppContext,
  organizationId: string,
  memberId: string,
): Promise<FutureRegistration[]> {
  return futureRegistrationsOfMember(ctx, organizationId, memberId);
}

/** Records the onboarding achievement `added-family-members` for the user (in `executor`'s transaction). */
export const recordAddedFamilyMembers = (executor: Executor, organizationId: string, userId: string) =>
  createUserRepository(executor).addOnboardingAchievement(organizationId, userId, 'added-family-members');

const personFields = (input: Partial<DelegatedPersonInput>): MemberFields => {
  const fields = blankToNull(input) as MemberFields;
  if (typeof fields.email === 'string') fields.email = fields.email.toLowerCase();
  return fields;
};

/**
 * `/me/delegated`: the members of the caller's family (children, mostly), which every adult of the
 * family manages alike. Another family's member is unknown here (404).
 */
export function createFamilyService(ctx: AppContext) {
  const family = createFamilyRepository(ctx.db);

  async function findOwn(auth: AuthContext, memberId: string) {
    const { organizationId, familyId } = familyOf(auth);
    const member = await family.findMember(organizationId, familyId, memberId);
    if (!member) throw new AppError('not_found');
    return member;
  }

  return {
    async list(auth: AuthContext, query: { page: number; pageSize: number }) {
      const { organizationId, familyId } = familyOf(auth);
      const { rows, total } = await family.listMembers(
        organizationId,
        familyId,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return { items: rows.map((m) => toMemberDto(m)), total, page: query.page, pageSize: query.pageSize };
    },

    get: async (auth: AuthContext, memberId: string) => toMemberDto(await findOwn(auth, memberId)),

    /** Adds a member; audited `member-created`, and the onboarding step is done. */
    async create(auth: AuthContext, input: DelegatedPersonInput, meta: { requestId: string; ip: string }) {
      const { organizationId, familyId } = familyOf(auth);
      const member = await ctx.db.transaction(async (tx) => {
        if ((await createFamilyRepository(tx).countMembers(organizationId, familyId)) >= FAMILY_MEMBERS_MAX) {
          throw refused('family_members_limit', { max: FAMILY_MEMBERS_MAX });
        }
        const users = createUserRepository(tx);
        const created = await users.addFamilyMember(organizationId, familyId, personFields(input));
        await ctx.audit.record(
          {
            organizationId,
            type: 'member-created',
            actorUserId: auth.impersonatorUserId ?? auth.userId,
            impersonatorUserId: auth.impersonatorUserId,
            subjectType: 'member',
            subjectId: created.id,
            data: { familyId, by: 'family' },
            requestId: meta.requestId,
            ip: meta.ip,
          },
          tx,
        );
        await recordAddedFamilyMembers(tx, organizationId, auth.userId);
        return created;
      });
      return toMemberDto(member);
    },

    async update(auth: AuthContext, memberId: string, input: UpdateDelegatedPersonInput, locale: Locale) {
      const { organizationId } = familyOf(auth);
      const member = await findOwn(auth, memberId);
      assertContactRules(member, input, locale);
      await createUserRepository(ctx.db).updateMember(organizationId, member.id, personFields(input));
      return toMemberDto(await findOwn(auth, memberId));
    },

    /**
     * Takes the member out of the family (soft delete: the row stays for registrations and invoices).
     * A member with registrations to come needs `confirm`: the 409 explains what will happen to them.
     */
    async remove(auth: AuthContext, memberId: string, confirm: boolean): Promise<void> {
      const { organizationId, familyId } = familyOf(auth);
      const member = await findOwn(auth, memberId);
      const upcoming = await futureRegistrationsOf(ctx, organizationId, member.id);
      if (upcoming.length > 0 && !confirm) {
        throw new AppError(
          'member_has_future_registrations',
          upcoming.map((r) => ({
            field: 'registrations',
            rule: 'future_registration',
            message: `${r.serviceName} (${r.startDateTime})`,
          })),
          { params: { count: upcoming.length } },
        );
      }
      // Its live registrations are cancelled with it (seats given back, then offered to waiting lists).
      const freed = await ctx.db.transaction(async (tx) => {
        const released = await cancelRegistrationsOfMember(ctx, tx, auth, organizationId, member.id);
        await createFamilyRepository(tx).softDeleteMember(
          organizationId,
          familyId,
          member.id,
          ctx.clock.now(),
        );
        return released;
      });
      await offerSeatsOf(ctx, organizationId, freed);
    },
  };
}

export type FamilyService = ReturnType<typeof createFamilyService>;
