import type { PersonInput, UpdateMeInput } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AuthContext } from '../../plugins/auth';
import { toMemberDto, toUserDto } from './user.dto';
import { createUserRepository } from './user.repository';

/** The signed-in user's own account and person. Always the caller's own rows: no id comes from input. */
export function createMeService(ctx: AppContext) {
  const users = createUserRepository(ctx.db);

  async function ownAccount(auth: AuthContext) {
    const account = await users.findAccountById(auth.homeOrganizationId, auth.userId);
    if (!account) throw new AppError('session_expired');
    return account;
  }

  return {
    getUser: async (auth: AuthContext) => toUserDto(await ownAccount(auth)),

    getMember: async (auth: AuthContext) => {
      const account = await ownAccount(auth);
      return toMemberDto(account.member, account.user);
    },

    async updateMember(auth: AuthContext, input: Partial<PersonInput>) {
      const account = await ownAccount(auth);
      const { email, ...person } = input;
      await ctx.db.transaction(async (tx) => {
        const repository = createUserRepository(tx);
        if (email !== undefined) await changeEmail(repository, auth, email);
        await repository.updateMember(auth.homeOrganizationId, account.member.id, person);
      });
      const updated = await ownAccount(auth);
      return toMemberDto(updated.member, updated.user);
    },

    async updateUser(auth: AuthContext, input: UpdateMeInput) {
      const account = await ownAccount(auth);
      await ctx.db.transaction(async (tx) => {
        const repository = createUserRepository(tx);
        if (input.email !== undefined) await changeEmail(repository, auth, input.email);
        await repository.updateMember(auth.homeOrganizationId, account.member.id, {
          firstName: input.firstName,
          lastName: input.lastName,
        });
      });
      return toUserDto(await ownAccount(auth));
    },
  };
}

async function changeEmail(
  repository: ReturnType<typeof createUserRepository>,
  auth: AuthContext,
  email: string,
) {
  if (await repository.emailTaken(auth.homeOrganizationId, email, auth.userId))
    throw new AppError('email_taken');
  // A concurrent change to the same address loses on the unique index: same answer as the check above.
  await repository
    .updateUser(auth.homeOrganizationId, auth.userId, { email: email.trim().toLowerCase() })
    .catch((error) => {
      throw isUniqueViolation(error, 'users_org_email_unique') ? new AppError('email_taken') : error;
    });
}
