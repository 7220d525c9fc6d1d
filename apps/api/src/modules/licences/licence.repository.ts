import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { LicencePlan } from '@inscrio/shared';
import type { Executor } from '../../db/client';
import { licences, pricingPlans } from '../../db/schema';
import { newId } from '../../lib/ids';

export type PricingPlan = typeof pricingPlans.$inferSelect;
export type Licence = typeof licences.$inferSelect;

const DAY_MS = 86_400_000;

/** Pricing plans (reference data) and each organisation's licence with its history. */
export function createLicenceRepository(db: Executor) {
  return {
    async pricingPlans(): Promise<PricingPlan[]> {
      return db.select().from(pricingPlans).orderBy(asc(pricingPlans.sortOrder));
    },

    async pricingPlan(key: string): Promise<PricingPlan | undefined> {
      const [plan] = await db
        .select()
        .from(pricingPlans)
        .where(eq(pricingPlans.key, key as LicencePlan));
      return plan;
    },

    async current(organizationId: string): Promise<Licence | undefined> {
      const [licence] = await db
        .select()
        .from(licences)
        .where(and(eq(licences.organizationId, organizationId), isNull(licences.endedAt)));
      return licence;
    },

    /** Every licence of the organisation, the current one first. */
    async history(organizationId: string): Promise<Licence[]> {
      return db
        .select()
        .from(licences)
        .where(eq(licences.organizationId, organizationId))
        .orderBy(desc(licences.startsAt), desc(licences.id));
    },

    /**
     * Ends the current licence (if any) and starts one on `plan` at `now`; a plan with trial days ends
     * after them. Run it inside the caller's transaction: the partial unique index `licences_one_current`
     * refuses a second current licence should two changes race.
     */
    async start(
      organizationId: string,
      plan: PricingPlan,
      now: Date,
      createdByUserId: string | null = null,
    ): Promise<Licence> {
      await db
        .update(licences)
        .set({ endedAt: now })
        .where(and(eq(licences.organizationId, organizationId), isNull(licences.endedAt)));
      const [licence] = await db
        .insert(licences)
        .values({
          organizationId,
          id: newId('lic', now.getTime()),
          planKey: plan.key,
          startsAt: now,
          endsAt: plan.trialDays > 0 ? new Date(now.getTime() + plan.trialDays * DAY_MS) : null,
          createdByUserId,
        })
        .returning();
      return licence!;
    },
  };
}

export type LicenceRepository = ReturnType<typeof createLicenceRepository>;
