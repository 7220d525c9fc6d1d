import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { createLicenceRepository, type Licence, type PricingPlan } from './licence.repository';

/**
 * Moves a licence to its plan's next plan (a free trial to the monthly plan), from `at`; audited as
 * `licence-changed`. Null when the plan has no next plan. Run inside the caller's transaction, the
 * current licence locked.
 */
export async function moveToNextPlan(
  ctx: AppContext,
  tx: Executor,
  organizationId: string,
  currentPlanKey: string,
  at: Date,
  actorUserId: string | null = null,
): Promise<{ licence: Licence; plan: PricingPlan } | null> {
  const licences = createLicenceRepository(tx);
  const current = await licences.pricingPlan(currentPlanKey);
  const next = current?.nextPlanKey ? await licences.pricingPlan(current.nextPlanKey) : undefined;
  if (!next) return null;
  const licence = await licences.start(organizationId, next, at, actorUserId);
  await ctx.audit.record(
    {
      organizationId,
      type: 'licence-changed',
      actorUserId,
      subjectType: 'licence',
      subjectId: licence.id,
      data: { from: currentPlanKey, to: next.key },
    },
    tx,
  );
  return { licence, plan: next };
}
