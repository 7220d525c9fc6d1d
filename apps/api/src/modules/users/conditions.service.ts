import { errorText, type PendingConditions } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { currentLocale } from '../../lib/request-context';
import type { AuthContext } from '../../lib/access';
import { createOrganizationRepository, type OrganizationRow } from '../organizations/organization.repository';
import type { ConditionsDto } from './user.dto';
import { createUserRepository, type UserRow } from './user.repository';
import {
  type AcceptedKind,
  createLegalAcceptancesRepository,
  type LegalVersion,
} from './legal-acceptances.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Published, and never accepted or accepted before the version in force. */
const mustAccept = (publishedAt: Date | null, acceptedAt: Date | null): boolean =>
  publishedAt !== null && (acceptedAt === null || acceptedAt < publishedAt);

/** The versions in force and those the user last accepted, beside the organisation's publication times. */
export interface LegalVersions {
  roi: LegalVersion | null;
  legalMentions: LegalVersion | null;
  acceptedRoi: number | null;
  acceptedLegalMentions: number | null;
}

const NO_VERSIONS: LegalVersions = {
  roi: null,
  legalMentions: null,
  acceptedRoi: null,
  acceptedLegalMentions: null,
};

/**
 * Where the account stands with its organisation's rules of procedure (ROI) and legal mentions. Each
 * publication (`organizations.roi_published_at`, `legal_mentions_published_at`) is a new version that
 * every user accepts again.
 */
export function conditionsOf(
  organization: OrganizationRow,
  user: UserRow,
  versions: LegalVersions = NO_VERSIONS,
): ConditionsDto {
  return {
    roi: {
      publishedAt: iso(organization.roiPublishedAt),
      acceptedAt: iso(user.hasAcceptedRoiAt),
      mustAccept: mustAccept(organization.roiPublishedAt, user.hasAcceptedRoiAt),
      documentId: versions.roi?.documentId ?? null,
      version: versions.roi?.version ?? null,
      acceptedVersion: versions.acceptedRoi,
    },
    legalMentions: {
      publishedAt: iso(organization.legalMentionsPublishedAt),
      acceptedAt: iso(user.hasAcceptedLegalMentionsAt),
      mustAccept: mustAccept(organization.legalMentionsPublishedAt, user.hasAcceptedLegalMentionsAt),
      documentId: versions.legalMentions?.documentId ?? null,
      version: versions.legalMentions?.version ?? null,
      acceptedVersion: versions.acceptedLegalMentions,
    },
  };
}

/**
 * The conditions of the account's own organisation (its home organisation: conditions are accepted by
 * the people who belong to it).
 */
export function createConditionsService(ctx: AppContext) {
  async function load(auth: AuthContext, executor: Executor = ctx.db) {
    const organization = await createOrganizationRepository(executor).findById(auth.homeOrganizationId);
    const account = await createUserRepository(executor).findAccountById(
      auth.homeOrganizationId,
      auth.userId,
    );
    if (!organization || !account) throw new AppError('session_expired');
    return { organization, user: account.user };
  }

  async function versionsOf(auth: AuthContext): Promise<LegalVersions> {
    const legal = createLegalAcceptancesRepository(ctx.db);
    const { homeOrganizationId: organizationId, userId } = auth;
    return {
      roi: await legal.current(organizationId, 'legal.roi'),
      legalMentions: await legal.current(organizationId, 'legal.mentions'),
      acceptedRoi: (await legal.latest(organizationId, userId, 'legal.roi'))?.version ?? null,
      acceptedLegalMentions: (await legal.latest(organizationId, userId, 'legal.mentions'))?.version ?? null,
    };
  }

  /**
   * Accepts the version in force, and keeps which one it was (legal_acceptances). `readDocumentId` is the
   * version the user was shown: when a newer one was published since, nothing is recorded (the user has
   * not read what he would accept).
   */
  async function accept(auth: AuthContext, kind: AcceptedKind, readDocumentId: string | null) {
    await load(auth);
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      const legal = createLegalAcceptancesRepository(tx);
      const version = await legal.current(auth.homeOrganizationId, kind);
      if (readDocumentId !== null && version?.documentId !== readDocumentId) {
        throw new AppError('legal_version_changed');
      }
      const field = kind === 'legal.roi' ? 'hasAcceptedRoiAt' : 'hasAcceptedLegalMentionsAt';
      await createUserRepository(tx).updateUser(auth.homeOrganizationId, auth.userId, { [field]: now });
      await legal.record(auth.homeOrganizationId, auth.userId, kind, version, now);
    });
    const { organization, user } = await load(auth);
    return conditionsOf(organization, user, await versionsOf(auth));
  }

  return {
    get: async (auth: AuthContext): Promise<ConditionsDto> => {
      const { organization, user } = await load(auth);
      return conditionsOf(organization, user, await versionsOf(auth));
    },

    acceptRoi: (auth: AuthContext, readDocumentId: string | null = null) =>
      accept(auth, 'legal.roi', readDocumentId),

    acceptLegalMentions: (auth: AuthContext, readDocumentId: string | null = null) =>
      accept(auth, 'legal.mentions', readDocumentId),

    /**
     * Throws 409 with a French (or English) explanation while the caller must still accept the ROI or
     * the legal mentions. For the registrations: call it before registering anyone, with the
     * transaction's `tx` when inside one.
     */
    async assertConditionsAccepted(auth: AuthContext, executor: Executor = ctx.db): Promise<void> {
      const { organization, user } = await load(auth, executor);
      const { roi, legalMentions } = conditionsOf(organization, user);
      if (!roi.mustAccept && !legalMentions.mustAccept) return;
      const which =
        roi.mustAccept && legalMentions.mustAccept ? 'both' : roi.mustAccept ? 'roi' : 'legalMentions';
      const locale = currentLocale();
      const text = (pending: PendingConditions) =>
        errorText('conditions_not_accepted', locale, { which: pending });
      const details = [
        ...(roi.mustAccept ? [{ field: 'roi', rule: 'must_accept', message: text('roi') }] : []),
        ...(legalMentions.mustAccept
          ? [{ field: 'legalMentions', rule: 'must_accept', message: text('legalMentions') }]
          : []),
      ];
      throw new AppError('conditions_not_accepted', details, { params: { which } });
    },
  };
}

export type ConditionsService = ReturnType<typeof createConditionsService>;

/** Shortcut for other modules: `await assertConditionsAccepted(ctx, auth)` before registering anyone. */
export const assertConditionsAccepted = (ctx: AppContext, auth: AuthContext, executor?: Executor) =>
  createConditionsService(ctx).assertConditionsAccepted(auth, executor);
