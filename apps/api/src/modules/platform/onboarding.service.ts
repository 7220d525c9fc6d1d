import {
  errorText,
  formatDate,
  type LicencePlan,
  type Locale,
  type OrganizationCreateInput,
  organizationKeyProblem,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { hashPassword } from '../../lib/password';
import { createHandoffCodeService } from '../auth/handoff-codes.service';
import type { RequestMeta } from '../auth/auth-session';
import { createLicenceRepository } from '../licences/licence.repository';
import { createUserRepository } from '../users/user.repository';
import { createOnboardingRepository } from './onboarding.repository';
import { freeKeySuggestions, keyAvailability } from './organization-key';

/** The plan of an organisation created without one: the free trial (it moves to its next plan later). */
export const DEFAULT_PLAN: LicencePlan = 'free-trial';

export interface CreatedOrganization {
  organizationId: string;
  organizationKey: string;
  adminUserId: string;
}

/** How the organisation comes to be: a club signing itself up, or a system administrator creating it. */
type Origin =
  | { kind: 'onboarding' }
  | { kind: 'platform'; actorUserId: string; actorOrganizationId: string; planKey?: LicencePlan | null };

/**
 * Creating an organisation (spec sections 3 and 5, issue 16): the organisation, its `est_default`
 * establishment, its administrator, its licence, the audit event and the welcome e-mail, in one
 * transaction. A key taken or reserved, or an administrator e-mail that already has an account on the
 * platform, is refused with its own code.
 */
export function createOnboardingService(ctx: AppContext) {
  const repository = createOnboardingRepository(ctx.db);
  const handoff = createHandoffCodeService(ctx);

  async function keyRefusal(
    code: 'organization_key_taken' | 'organization_key_reserved',
    key: string,
    locale: Locale,
  ) {
    const suggestions = await freeKeySuggestions(repository, key);
    return new AppError(code, [
      { field: 'organizationKey', rule: code, message: errorText(code, locale), suggestions },
    ]);
  }

  async function create(input: OrganizationCreateInput, origin: Origin, meta: RequestMeta) {
    const key = input.organizationKey;
    if (organizationKeyProblem(key) === 'reserved')
      throw await keyRefusal('organization_key_reserved', key, meta.locale);
    if ((await repository.takenKeys([key])).has(key))
      throw await keyRefusal('organization_key_taken', key, meta.locale);
    if (await repository.emailHasAccount(input.contactEmail)) {
      throw new AppError('onboarding_email_taken', [
        {
          field: 'contactEmail',
          rule: 'onboarding_email_taken',
          message: errorText('onboarding_email_taken', meta.locale),
        },
      ]);
    }
    const passwordHash = await hashPassword(input.password);
    const now = ctx.clock.now();
    const organizationId = newId('org', now.getTime());
    try {
      return await ctx.db.transaction(async (tx) => {
        await createOnboardingRepository(tx).insertOrganization({
          id: organizationId,
          key,
          name: input.organizationName,
          timeZone: input.timeZone,
          defaultLocale: meta.locale,
          contactEmail: input.contactEmail,
          contactPhone: input.contactPhone,
          billingCountry: input.country,
        });
        const admin = await createUserRepository(tx).createAccount(organizationId, {
          email: input.contactEmail,
          passwordHash,
          role: 'admin',
          locale: meta.locale,
          person: {
            firstName: input.adminFirstName,
            lastName: input.adminLastName,
            email: input.contactEmail.trim().toLowerCase(),
            phoneNumber: input.contactPhone,
          },
        });
        const licences = createLicenceRepository(tx);
        const plan = await licences.pricingPlan(
          origin.kind === 'platform' && origin.planKey ? origin.planKey : DEFAULT_PLAN,
        );
        if (!plan) throw new AppError('validation_failed');
        const actorUserId = origin.kind === 'platform' ? origin.actorUserId : admin.user.id;
        const licence = await licences.start(organizationId, plan, now, actorUserId);
        await ctx.audit.record(
          {
            organizationId,
            type: 'user-created',
            actorUserId,
            subjectType: 'user',
            subjectId: admin.user.id,
            data: {
              method: origin.kind,
              role: 'admin',
              plan: plan.key,
              ...(origin.kind === 'platform' ? { actorOrganizationId: origin.actorOrganizationId } : {}),
            },
            requestId: meta.requestId,
            ip: meta.ip,
          },
          tx,
        );
        await ctx.mailer.send(
          { to: admin.user.email, locale: meta.locale, organizationId, executor: tx },
          'organization-welcome',
          {
            organizationName: input.organizationName,
            firstName: admin.member.firstName,
            link: organizationUrl(ctx.config, key, '/login'),
            // The last day of the trial, in the club's own time zone.
            trialEnd: licence.endsAt
              ? formatDate(new Date(licence.endsAt.getTime() - 1), input.timeZone, meta.locale)
              : null,
          },
        );
        const handoffCode =
          origin.kind === 'onboarding' ? await handoff.issue(tx, admin.user, organizationId) : null;
        return { organizationId, organizationKey: key, adminUserId: admin.user.id, handoffCode };
      });
    } catch (error) {
      // Two sign-ups racing for one key: the unique index on lower(key) lets exactly one through.
      if (isUniqueViolation(error, 'organizations_key_unique'))
        throw await keyRefusal('organization_key_taken', key, meta.locale);
      throw error;
    }
  }

  return {
    keyAvailability: (key: string) => keyAvailability(repository, key),

    /** A club signs itself up: free trial, and a hand-off code that signs its administrator in there. */
    async onboard(input: OrganizationCreateInput, meta: RequestMeta) {
      await ctx.rateLimiter.consume(`onboard:ip:${meta.ip}`, ctx.rateLimits.perAddress);
      const created = await create(input, { kind: 'onboarding' }, meta);
      return {
        organizationId: created.organizationId,
        organizationKey: created.organizationKey,
        handoffCode: created.handoffCode!,
      };
    },

    /** A system administrator creates an organisation, on `planKey` or the free trial; nobody signs in. */
    async createByPlatform(
      input: OrganizationCreateInput & { planKey?: LicencePlan | '' | null },
      actor: { userId: string; organizationId: string },
      meta: RequestMeta,
    ): Promise<CreatedOrganization> {
      const { planKey, ...form } = input;
      const created = await create(
        form,
        {
          kind: 'platform',
          actorUserId: actor.userId,
          actorOrganizationId: actor.organizationId,
          planKey: planKey || null,
        },
        meta,
      );
      return {
        organizationId: created.organizationId,
        organizationKey: created.organizationKey,
        adminUserId: created.adminUserId,
      };
    },
  };
}
