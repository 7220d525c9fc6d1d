import type { DeleteAccountInput, Locale } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';
import { decryptSecret, nationalNumberContext } from '../../lib/secret-box';
import type { AuthContext } from '../../lib/access';
import { createFamilyRepository } from './family.repository';
import { isFamilyAccount } from '../../lib/access';
import { createOrganizationRepository } from '../organizations/organization.repository';
import type { DataExport } from './privacy.dto';
import { createPrivacyRepository } from '../users/privacy.repository';
import { toCompanyDto, toMemberDto } from '../users/user.dto';
import { createUserRepository, type MemberRow } from '../users/user.repository';

/** What a deleted account's and its members' names become. */
export const DELETED_ACCOUNT_NAME = 'Compte supprimé';
export const DELETED_MEMBER_NAME = 'Membre supprimé';

/**
 * The audit event of an account deletion. Not (yet) among the events of spec section 4 listed in
 * `AUDIT_EVENTS`: recorded under this name until the shared list gains it.
 */
const ACCOUNT_DELETED = 'user-deleted' as const;

const PASSWORD_WRONG: Record<Locale, string> = {
  fr: 'Le mot de passe est incorrect.',
  en: 'The password is incorrect.',
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const exportedMember = (member: MemberRow) => {
  const { isHolder: _isHolder, ...person } = toMemberDto(member);
  return {
    ...person,
    createdAt: member.createdAt.toISOString(),
    updatedAt: member.updatedAt.toISOString(),
    removedAt: iso(member.deletedAt),
  };
};

/**
 * 'Download my data' and 'delete my account': a family's use case (its members, representatives and
 * invitations), so it sits in the family module, above users whose rows it reads and anonymises.
 */
export function createPrivacyService(ctx: AppContext) {
  return {
    /**
     * Everything held about the caller's family: its accounts (never a password hash or a token), its
     * members, the invitations of representatives, company details, the certificates issued to them and
     * the national register numbers given for them, audit events about them, and whether each account has
     * a calendar feed.
     */
    async exportData(auth: AuthContext): Promise<{ data: DataExport; fileName: string }> {
      const organizationId = auth.homeOrganizationId;
      const account = await createUserRepository(ctx.db).findAccountById(organizationId, auth.userId);
      const organization = await createOrganizationRepository(ctx.db).findById(organizationId);
      if (!account || !organization) throw new AppError('session_expired');
      const { familyId } = account.user;
      const privacy = createPrivacyRepository(ctx.db);
      const [accounts, familyMembers, invitations] = await Promise.all([
        privacy.familyAccounts(organizationId, familyId),
        privacy.familyMembers(organizationId, familyId),
        createFamilyRepository(ctx.db).listInvitations(organizationId, familyId),
      ]);
      const userIds = accounts.map((a) => a.user.id);
      const memberIds = [...accounts.map((a) => a.member.id), ...familyMembers.map((m) => m.id)];
      const [events, feeds, issued, identities] = await Promise.all([
        privacy.auditAbout(organizationId, userIds, memberIds),
        privacy.calendarFeedsOf(organizationId, userIds),
        privacy.certificatesOf(organizationId, memberIds),
        privacy.taxIdentitiesOf(organizationId, memberIds),
      ]);
      const key = ctx.secrets.encryptionKey;
      const now = ctx.clock.now();
      const data: DataExport = {
        exportedAt: now.toISOString(),
        organization: { id: organization.id, name: organization.name },
        requestedBy: auth.userId,
        accounts: accounts.map(({ user, member }) => {
          const feed = feeds.find((f) => f.userId === user.id);
          return {
            id: user.id,
            email: user.email,
            role: user.role,
            isHolder: user.isHolder,
            establishment: user.establishmentId,
            locale: user.locale,
            createdAt: user.createdAt.toISOString(),
            lastLoginAt: iso(user.lastLoginAt),
            deletedAt: iso(user.deletedAt),
            hasAcceptedROIAt: iso(user.hasAcceptedRoiAt),
            hasAcceptedLegalMentionsAt: iso(user.hasAcceptedLegalMentionsAt),
            onboardingAchievements: user.onboardingAchievements,
            company: toCompanyDto(user),
            person: { ...exportedMember(member), email: user.email },
            calendarFeed: { exists: feed !== undefined, createdAt: iso(feed?.createdAt ?? null) },
          };
        }),
        members: familyMembers.map(exportedMember),
        representativeInvitations: invitations.map((i) => ({
          email: i.email,
          status: i.status,
          invitedByUserId: i.invitedByUserId,
          createdAt: i.createdAt.toISOString(),
          expiresAt: i.expiresAt.toISOString(),
          respondedAt: iso(i.respondedAt),
        })),
        certificates: issued.map((c) => ({
          number: c.number,
          kind: c.kind,
          year: c.year,
          memberId: c.memberId,
          amountCents: c.amountCents,
          issuedAt: c.createdAt.toISOString(),
        })),
        taxIdentities: identities.map((i) => ({
          memberId: i.memberId,
          childNationalNumber: decryptSecret(
            key,
            i.childNumberEncrypted,
            nationalNumberContext(organizationId, i.memberId, 'child'),
          ),
          debtorNationalNumber: decryptSecret(
            key,
            i.debtorNumberEncrypted,
            nationalNumberContext(organizationId, i.memberId, 'debtor'),
          ),
          debtorFirstName: i.debtorFirstName,
          debtorLastName: i.debtorLastName,
          updatedAt: i.updatedAt.toISOString(),
        })),
        auditEvents: events.map((e) => ({
          type: e.type,
          at: e.createdAt.toISOString(),
          actorUserId: e.actorUserId,
          impersonatorUserId: e.impersonatorUserId,
          subjectType: e.subjectType,
          subjectId: e.subjectId,
          data: e.data,
          ip: e.ip,
        })),
      };
      return { data, fileName: `mes-donnees-${organization.key}-${now.toISOString().slice(0, 10)}.json` };
    },

    /**
     * Deletes the caller's account by anonymising it: e-mail `deleted+<id>@invalid` (the address is free
     * again), names 'Compte supprimé', contact and address blanked, no password, sessions revoked,
     * `deleted_at` set. A family left with no adult has its members anonymised too. No row is deleted:
     * registrations, orders and invoices keep pointing at these rows, and invoices and credit notes keep
     * their own copy of the buyer as issued (legal retention: 10 years in Belgium and France), so
     * blanking the account never alters an issued document. Not while a manager is signed in as the
     * member.
     */
    async deleteAccount(
      auth: AuthContext,
      input: DeleteAccountInput,
      meta: { requestId: string; ip: string; locale: Locale },
    ): Promise<void> {
      if (auth.impersonatorUserId || !isFamilyAccount(auth.actor)) throw new AppError('forbidden');
      await ctx.rateLimiter.consume(
        `delete-account:account:${auth.homeOrganizationId}:${auth.userId}`,
        ctx.rateLimits.perAccount,
      );
      const organizationId = auth.homeOrganizationId;
      const account = await createUserRepository(ctx.db).findAccountById(organizationId, auth.userId);
      if (!account) throw new AppError('session_expired');
      if (!(await verifyPassword(account.user.passwordHash, input.password))) {
        // 400, not 401: a 401 would make the web app refresh the session and sign the user out.
        throw new AppError(
          'validation_failed',
          [{ field: 'password', rule: 'invalid', message: PASSWORD_WRONG[meta.locale] }],
          { text: PASSWORD_WRONG },
        );
      }
      const { familyId } = account.user;
      const now = ctx.clock.now();
      await ctx.db.transaction(async (tx) => {
        const privacy = createPrivacyRepository(tx);
        const family = createFamilyRepository(tx);
        const users = createUserRepository(tx);
        const lastAdult = (await family.countOtherAdults(organizationId, familyId, auth.userId)) === 0;
        const familyMembers = lastAdult ? await privacy.familyMembers(organizationId, familyId) : [];
        await privacy.anonymiseAccount(organizationId, auth.userId, now);
        await privacy.anonymiseMembers(organizationId, [account.member.id], DELETED_ACCOUNT_NAME, now);
        await privacy.anonymiseMembers(
          organizationId,
          familyMembers.map((m) => m.id),
          DELETED_MEMBER_NAME,
          now,
        );
        // Invitations go with the family when nobody is left; otherwise only those this account sent.
        await family.revokePending(
          organizationId,
          familyId,
          now,
          lastAdult ? {} : { invitedByUserId: auth.userId },
        );
        await users.voidEmailChangeTokens(organizationId, auth.userId, now);
        await privacy.voidCredentials(organizationId, auth.userId, now);
        await users.revokeSessions(organizationId, auth.userId, 'account-deleted');
        await ctx.audit.record(
          {
            organizationId,
            type: ACCOUNT_DELETED,
            actorUserId: auth.userId,
            subjectType: 'user',
            subjectId: auth.userId,
            data: { anonymisedMembers: familyMembers.length, familyKeptByOtherAdult: !lastAdult },
            requestId: meta.requestId,
            ip: meta.ip,
          },
          tx,
        );
      });
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
