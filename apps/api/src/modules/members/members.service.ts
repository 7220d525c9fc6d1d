import {
  canGrantRole,
  type CreateMemberInput,
  DEFAULT_ESTABLISHMENT_ID,
  type DelegatedPersonInput,
  type Locale,
  MEMBER_INVITATION_DAYS,
  message,
  type MessageKey,
  type UpdateMemberAccountInput,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import { refused, AppError } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { type AuthContext, establishmentScope } from '../../lib/access';
import type { RequestMeta } from '../auth/auth.service';
import { createEstablishmentRepository } from '../establishments/establishments.repository';
import { createMembersListService, organizationOf } from './members-list.service';
import { createUserRepository, type MemberFields, type UserRow } from '../users/user.repository';
import { mayEditAccount, type MemberDetailDto, toMemberDetailDto } from './members.dto';
import { createMembersRepository, type MemberAccount } from './members.repository';

/** A 400 naming one field, as schema validation would. */
const invalidField = (field: string, key: MessageKey, locale: Locale) =>
  new AppError('validation_failed', [{ field, rule: 'custom', message: message(key, locale) }]);

/** '' and null mean "not given" for a family member's optional fields. */
const blankToNull = (value: string | null | undefined) => (value ? value : null);

const delegatedFields = (
  person: DelegatedPersonInput,
): MemberFields & { firstName: string; lastName: string } => ({
  gender: person.gender,
  firstName: person.firstName,
  lastName: person.lastName,
  birthdate: person.birthdate,
  address: blankToNull(person.address),
  city: blankToNull(person.city),
  postalCode: blankToNull(person.postalCode),
  country: blankToNull(person.country),
  phoneNumber: blankToNull(person.phoneNumber),
  email: blankToNull(person.email?.toLowerCase()),
});

const definedOnly = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

/**
 * The members administration (canManageUsers): lists, export, a member's page, account creation with
 * family members and invitation, role, establishment and holder changes. An establishment manager
 * reaches only the accounts of their establishment (others are 404) and creates only there (403).
 */
export function createMembersService(ctx: AppContext) {
  const repository = createMembersRepository(ctx.db);
  const userRepository = createUserRepository(ctx.db);
  const establishments = createEstablishmentRepository(ctx.db);

  /** The account, if the caller may reach it: same organisation, and their establishment for a manager of one. */
  async function reachable(auth: AuthContext, userId: string): Promise<MemberAccount> {
    const account = await repository.findAccount(auth.organizationId, userId);
    const scope = establishmentScope(auth);
    if (!account || (scope !== null && account.user.establishmentId !== scope))
      throw new AppError('not_found');
    return account;
  }

  /** Only accounts whose current role the caller could give may be changed. */
  function assertMayEdit(auth: AuthContext, account: MemberAccount) {
    if (!mayEditAccount(auth.actor, account.user)) throw new AppError('forbidden');
  }

  /** The establishment an account goes to: it must exist, and be theirs for an establishment manager. */
  async function checkEstablishment(auth: AuthContext, establishmentId: string, locale: Locale) {
    const scope = establishmentScope(auth);
    if (scope !== null && establishmentId !== scope) throw new AppError('forbidden');
    if (!(await establishments.exists(auth.organizationId, establishmentId))) {
      throw invalidField('establishmentId', 'unknownReference', locale);
    }
  }

  async function detail(auth: AuthContext, userId: string, locale: Locale): Promise<MemberDetailDto> {
    const account = await reachable(auth, userId);
    const [family, organization] = await Promise.all([
      repository.familyOf(auth.organizationId, account.user.familyId),
      organizationOf(ctx, auth),
    ]);
    return toMemberDetailDto(account, family, {
      actor: auth.actor,
      actorUserId: auth.userId,
      locale,
      timeZone: organization.timeZone,
      now: ctx.clock.now(),
    });
  }

  const audit = (auth: AuthContext, meta: RequestMeta) => ({
    organizationId: auth.organizationId,
    actorUserId: auth.userId,
    impersonatorUserId: auth.impersonatorUserId,
    requestId: meta.requestId,
    ip: meta.ip,
  });

  return {
    ...createMembersListService(ctx),

    get: detail,

    /**
     * Creates an account (no password), its own person and its family members in one transaction, with
     * the audit events and, when asked, the invitation e-mail with a link to choose a password.
     */
    async create(auth: AuthContext, input: CreateMemberInput, meta: RequestMeta): Promise<MemberDetailDto> {
      const locale = meta.locale;
      const establishmentId = input.establishmentId ?? establishmentScope(auth) ?? DEFAULT_ESTABLISHMENT_ID;
      if (!canGrantRole(auth.actor, input.role)) throw new AppError('forbidden');
      await checkEstablishment(auth, establishmentId, locale);
      const organization = await organizationOf(ctx, auth);
      if (await userRepository.emailTaken(auth.organizationId, input.person.email)) {
        throw new AppError('email_taken');
      }
      const userId = await ctx.db
        .transaction(async (tx) => {
          const users = createUserRepository(tx);
          const account = await users.createAccount(auth.organizationId, {
            email: input.person.email,
            passwordHash: null,
            role: input.role,
            isHolder: input.role === 'user' && input.isHolder,
            establishmentId,
            locale: organization.defaultLocale,
            person: { ...input.person, email: input.person.email.toLowerCase() },
          });
          await ctx.audit.record(
            {
              ...audit(auth, meta),
              type: 'user-created',
              subjectType: 'user',
              subjectId: account.user.id,
              data: {
                method: 'manager',
                role: account.user.role,
                isHolder: account.user.isHolder,
                establishmentId,
                invited: input.sendInvitation,
              },
            },
            tx,
          );
          for (const person of input.familyMembers) {
            const member = await users.addFamilyMember(
              auth.organizationId,
              account.user.familyId,
              delegatedFields(person),
            );
            await ctx.audit.record(
              {
                ...audit(auth, meta),
                type: 'member-created',
                subjectType: 'member',
                subjectId: member.id,
                data: { familyId: account.user.familyId, userId: account.user.id, method: 'manager' },
              },
              tx,
            );
          }
          if (input.sendInvitation) {
            const token = randomToken();
            await createMembersRepository(tx).insertInvitationToken({
              organizationId: auth.organizationId,
              userId: account.user.id,
              tokenHash: sha256(token),
              expiresAt: new Date(ctx.clock.now().getTime() + MEMBER_INVITATION_DAYS * 24 * 3600_000),
            });
            await ctx.mailer.send(
              {
                to: account.user.email,
                locale: account.user.locale as Locale,
                organizationId: auth.organizationId,
                executor: tx,
              },
              'member-invitation',
              {
                organizationName: organization.name,
                firstName: account.member.firstName,
                link: organizationUrl(
                  ctx.config,
                  organization.key,
                  `/reset-password?token=${encodeURIComponent(token)}&invitation=1`,
                ),
                days: MEMBER_INVITATION_DAYS,
              },
            );
          }
          return account.user.id;
        })
        .catch((error) => {
          // Two creations racing for one address: the unique index decides, the loser gets the same 409.
          throw isUniqueViolation(error, 'users_org_email_unique') ? new AppError('email_taken') : error;
        });
      return detail(auth, userId, locale);
    },

    /**
     * Role, establishment, holder flag and person fields. Only on accounts whose current role the caller
     * could give; a new role must be one they may give, and never on their own account.
     */
    async update(
      auth: AuthContext,
      userId: string,
      input: UpdateMemberAccountInput,
      locale: Locale,
    ): Promise<MemberDetailDto> {
      const account = await reachable(auth, userId);
      assertMayEdit(auth, account);
      const { user, member } = account;
      const role = input.role ?? user.role;
      if (role !== user.role) {
        if (user.id === auth.userId) throw new AppError('forbidden');
        if (!canGrantRole(auth.actor, input.role!)) throw new AppError('forbidden');
      }
      if (input.establishmentId !== undefined && input.establishmentId !== user.establishmentId) {
        await checkEstablishment(auth, input.establishmentId, locale);
      }
      if (input.isHolder === true && role !== 'user')
        throw invalidField('isHolder', 'holderNeedsUserRole', locale);
      const { email, ...person } = input.person ?? {};
      if (email !== undefined && (await userRepository.emailTaken(auth.organizationId, email, user.id))) {
        throw new AppError('email_taken');
      }
      const userFields: Partial<UserRow> = definedOnly({
        role: input.role,
        // A holder is a basic user with the flag: another role drops it.
        isHolder: role === 'user' ? input.isHolder : false,
        establishmentId: input.establishmentId,
        email: email?.toLowerCase(),
      });
      const memberFields = definedOnly(person) as MemberFields;
      await ctx.db
        .transaction(async (tx) => {
          const users = createUserRepository(tx);
          if (Object.keys(userFields).length > 0)
            await users.updateUser(auth.organizationId, user.id, userFields);
          if (Object.keys(memberFields).length > 0) {
            await users.updateMember(auth.organizationId, member.id, memberFields);
          }
        })
        .catch((error) => {
          throw isUniqueViolation(error, 'users_org_email_unique') ? new AppError('email_taken') : error;
        });
      return detail(auth, user.id, locale);
    },

    /** Grants or removes the holder flag, which only a basic user (role user) carries. */
    async setHolder(auth: AuthContext, userId: string, isHolder: boolean): Promise<void> {
      const account = await reachable(auth, userId);
      assertMayEdit(auth, account);
      if (account.user.role !== 'user') {
        throw refused('holder_needs_user_role');
      }
      if (account.user.isHolder === isHolder) return;
      await userRepository.updateUser(auth.organizationId, account.user.id, { isHolder });
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
