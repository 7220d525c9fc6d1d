import { familyOf } from '../../lib/access';
import {
  displayName,
  type InviteRepresentativeInput,
  type Locale,
  REPRESENTATIVE_INVITATION_TTL_DAYS,
  REPRESENTATIVE_PENDING_MAX,
  resolveLocale,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import { AppError, refused } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/crypto';
import type { AuthContext } from '../../lib/access';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { createUserRepository } from '../users/user.repository';
import { invitationStatus, toInvitationDto, toRepresentativeDto } from './family.dto';
import { createFamilyRepository, type InvitationRow } from './family.repository';
import { recordAddedFamilyMembers } from './family.service';

type Messages = Record<Locale, string>;

/** E-mail addresses compare without case or surrounding spaces. */
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const MESSAGES = {
  self: {
    fr: 'Vous ne pouvez pas vous inviter vous-même.',
    en: 'You cannot invite yourself.',
  },
  otherAddress: {
    fr: "Cette invitation a été envoyée à une autre adresse e-mail. Connectez-vous avec l'adresse qui l'a reçue.",
    en: 'This invitation was sent to another e-mail address. Sign in with the address that received it.',
  },
} satisfies Record<string, Messages>;

/**
 * Representatives: the other adults (second parent, guardian) who share a family, each with their own
 * account. An adult is invited by e-mail with a single-use link valid 14 days; on acceptance their
 * account joins the inviting family.
 *
 * Joining: an account whose family has another adult cannot join (409): splitting a shared family is
 * a manager's call. Otherwise its own members (children added before) move with it into the inviting
 * family, so nobody is left in a family without an adult; the old family row stays, empty.
 */
export function createRepresentativesService(ctx: AppContext) {
  const family = createFamilyRepository(ctx.db);
  const organizations = createOrganizationRepository(ctx.db);

  async function invitationByToken(organizationId: string, token: string): Promise<InvitationRow> {
    const invitation = await family.findInvitationByHash(organizationId, sha256(token));
    if (!invitation) throw new AppError('not_found');
    return invitation;
  }

  return {
    /** `GET /me/representatives`: the other adults of the family, and its invitations still open. */
    async list(auth: AuthContext, locale: Locale) {
      const { organizationId, familyId } = familyOf(auth);
      const now = ctx.clock.now();
      const [adults, pending] = await Promise.all([
        family.listAdults(organizationId, familyId),
        family.listPendingInvitations(organizationId, familyId, now),
      ]);
      const others = adults.filter((a) => a.user.id !== auth.userId);
      const inviters = await family.accountsByIds(organizationId, [
        ...new Set(pending.map((i) => i.invitedByUserId)),
      ]);
      const inviter = (userId: string) => inviters.find((a) => a.user.id === userId);
      return {
        items: others.map((a) => toRepresentativeDto(a, locale)),
        total: others.length,
        page: 1,
        // A family has a handful of adults: one page holds them all (the repository caps it at 100).
        pageSize: 100,
        pendingInvitations: pending.map((i) => toInvitationDto(i, inviter(i.invitedByUserId), now, locale)),
      };
    },

    /**
     * `POST /me/representatives`: invites an adult by e-mail, in the inviter's language. A new invitation
     * to the same address replaces the previous one.
     */
    async invite(auth: AuthContext, input: InviteRepresentativeInput, locale: Locale) {
      const { organizationId, familyId } = familyOf(auth);
      const email = input.email.trim().toLowerCase();
      const inviter = await createUserRepository(ctx.db).findAccountById(organizationId, auth.userId);
      const organization = await organizations.findById(organizationId);
      if (!inviter || !organization) throw new AppError('session_expired');
      if (email === inviter.user.email.toLowerCase()) {
        throw new AppError(
          'validation_failed',
          [{ field: 'email', rule: 'self', message: MESSAGES.self[locale] }],
          { text: MESSAGES.self },
        );
      }
      const adults = await family.listAdults(organizationId, familyId);
      if (adults.some((a) => a.user.email.toLowerCase() === email)) throw refused('already_representative');
      // Each invitation mails an address the caller chose: limited like the sign-in e-mails.
      await ctx.rateLimiter.consume(
        `representative-invitation:account:${organizationId}:${auth.userId}`,
        ctx.rateLimits.perAccount,
      );
      const token = randomToken();
      const now = ctx.clock.now();
      const invitation = await ctx.db.transaction(async (tx) => {
        const repository = createFamilyRepository(tx);
        await repository.revokePending(organizationId, familyId, now, { email });
        const open = await repository.listPendingInvitations(organizationId, familyId, now);
        if (open.length >= REPRESENTATIVE_PENDING_MAX)
          throw refused('too_many_pending_invitations', { max: REPRESENTATIVE_PENDING_MAX });
        const created = await repository.insertInvitation({
          organizationId,
          familyId,
          invitedByUserId: auth.userId,
          email,
          tokenHash: sha256(token),
          expiresAt: new Date(now.getTime() + REPRESENTATIVE_INVITATION_TTL_DAYS * 24 * 3600_000),
        });
        await ctx.mailer.send(
          { to: email, locale: resolveLocale(inviter.user.locale), organizationId, executor: tx },
          'representative-invitation',
          {
            organizationName: organization.name,
            inviterName: displayName({ ...inviter.member, email: inviter.user.email }),
            firstName: input.firstName || null,
            days: REPRESENTATIVE_INVITATION_TTL_DAYS,
            link: organizationUrl(
              ctx.config,
              organization.key,
              `/redirect-message?type=representative-invitation&token=${encodeURIComponent(token)}`,
            ),
          },
        );
        return created;
      });
      return toInvitationDto(invitation, inviter, now, locale);
    },

    /** `DELETE /me/representatives/invitations/:id`: withdraws an invitation still open. */
    async revoke(auth: AuthContext, invitationId: string): Promise<void> {
      const { organizationId, familyId } = familyOf(auth);
      const invitation = await family.findInvitation(organizationId, familyId, invitationId);
      if (!invitation) throw new AppError('not_found');
      if (!(await family.respond(organizationId, invitation.id, 'revoked', ctx.clock.now()))) {
        throw refused('representative_invitation_not_pending');
      }
    },

    /**
     * `GET /representative-invitations/:token` (public): what the invited person needs to decide: the
     * organisation, who invites, the first names of the family's members, and whether it is still open.
     */
    async view(organizationId: string, token: string, locale: Locale) {
      const invitation = await invitationByToken(organizationId, token);
      const organization = await organizations.findById(organizationId);
      if (!organization) throw new AppError('organization_not_found');
      const [inviter] = await family.accountsByIds(organizationId, [invitation.invitedByUserId]);
      return {
        organizationName: organization.name,
        inviterName: displayName(
          inviter ? { ...inviter.member, email: inviter.user.email } : null,
          'member',
          locale,
        ),
        memberFirstNames: await family.memberFirstNames(organizationId, invitation.familyId),
        email: invitation.email,
        status: invitationStatus(invitation, ctx.clock.now()),
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },

    /** `POST /representative-invitations/:token/decline` (public). */
    async decline(organizationId: string, token: string): Promise<void> {
      const invitation = await invitationByToken(organizationId, token);
      if (!(await family.respond(organizationId, invitation.id, 'declined', ctx.clock.now()))) {
        throw refused('representative_invitation_not_pending');
      }
    },

    /**
     * `POST /representative-invitations/:token/accept` (signed in, family account): the caller's account
     * joins the inviting family with the members of its own family (see the service's comment). Only the
     * account of the invited address may: a forwarded or leaked link must not let anyone else into the
     * family (403, nothing changes, the invitation stays open for its owner).
     */
    async accept(auth: AuthContext, token: string): Promise<void> {
      const { organizationId, familyId: currentFamilyId } = familyOf(auth);
      const invitation = await invitationByToken(organizationId, token);
      if (!sameAddress(auth.email, invitation.email)) {
        throw new AppError('forbidden', [], { text: MESSAGES.otherAddress });
      }
      const now = ctx.clock.now();
      if (invitationStatus(invitation, now) !== 'pending')
        throw refused('representative_invitation_not_pending');
      if (invitation.familyId === currentFamilyId) throw refused('already_in_family');
      await ctx.db.transaction(async (tx) => {
        const repository = createFamilyRepository(tx);
        if ((await repository.countOtherAdults(organizationId, currentFamilyId, auth.userId)) > 0) {
          throw refused('family_shared');
        }
        if (!(await repository.respond(organizationId, invitation.id, 'accepted', now, auth.userId))) {
          throw refused('representative_invitation_not_pending');
        }
        await repository.moveAccountWithFamily(
          organizationId,
          auth.userId,
          currentFamilyId,
          invitation.familyId,
        );
        // The family left behind holds no adult any more: its open invitations go with it.
        await repository.revokePending(organizationId, currentFamilyId, now);
        if ((await repository.countMembers(organizationId, invitation.familyId)) > 0) {
          await recordAddedFamilyMembers(tx, organizationId, auth.userId);
        }
      });
    },
  };
}

export type RepresentativesService = ReturnType<typeof createRepresentativesService>;
