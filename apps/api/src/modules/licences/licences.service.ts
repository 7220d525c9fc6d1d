import {
  isSystemAdmin,
  type LicenceDto,
  type OrganizationLicence,
  type PricingPlanDetail,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { requireClubAdminOrStaff } from './licence-access';
import { moveToNextPlan } from './licence-changes';
import { createLicenceRepository, type Licence, type PricingPlan } from './licence.repository';
import { createLicenceTrialsRepository } from './licence-trials.repository';

export const toPricingPlanDetail = (plan: PricingPlan): PricingPlanDetail => ({
  key: plan.key,
  name: plan.name,
  monthlyFee: plan.monthlyFeeCents,
  participantFee: plan.participantFeeCents,
  trialDays: plan.trialDays,
  nextPlanKey: plan.nextPlanKey ?? null,
});

export const toLicenceDto = (licence: Licence): LicenceDto => ({
  id: licence.id,
  organizationId: licence.organizationId,
  planKey: licence.planKey,
  startsAt: licence.startsAt.toISOString(),
  endsAt: licence.endsAt?.toISOString() ?? null,
  endedAt: licence.endedAt?.toISOString() ?? null,
});

/** A plan, a club's licence, and the system administrator's « next plan ». */
export function createLicencesService(ctx: AppContext) {
  async function organizationLicence(organizationId: string): Promise<OrganizationLicence> {
    const licences = createLicenceRepository(ctx.db);
    const history = await licences.history(organizationId);
    const current = history.find((licence) => licence.endedAt === null) ?? null;
    const plan = current ? await licences.pricingPlan(current.planKey) : undefined;
    return {
      current: current ? toLicenceDto(current) : null,
      plan: plan ? toPricingPlanDetail(plan) : null,
      history: history.map(toLicenceDto),
    };
  }

  return {
    async pricingPlan(key: string): Promise<PricingPlanDetail> {
      const plan = await createLicenceRepository(ctx.db).pricingPlan(key);
      if (!plan) throw new AppError('not_found');
      return toPricingPlanDetail(plan);
    },

    async licenceOf(auth: AuthContext, organizationId: string): Promise<OrganizationLicence> {
      requireClubAdminOrStaff(auth, organizationId);
      return organizationLicence(organizationId);
    },

    /** Moves the organisation's current licence to its plan's next plan, now (system administrator). */
    async triggerNextPlan(auth: AuthContext, licenceId: string): Promise<OrganizationLicence> {
      if (!isSystemAdmin(auth.actor)) throw new AppError('forbidden');
      const organizationId = await ctx.db.transaction(async (tx) => {
        const r = createLicenceTrialsRepository(tx);
        const licence = await r.find(licenceId);
        if (!licence) throw new AppError('not_found');
        const current = await r.lockCurrent(licence.organizationId);
        if (current?.id !== licence.id) throw new AppError('licence_not_current');
        const moved = await moveToNextPlan(
          ctx,
          tx,
          licence.organizationId,
          current.planKey,
          ctx.clock.now(),
          auth.userId,
        );
        if (!moved) throw new AppError('licence_has_no_next_plan');
        return licence.organizationId;
      });
      return organizationLicence(organizationId);
    },
  };
}
