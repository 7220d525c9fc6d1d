import { isSystemAdmin, LICENCE_PLANS } from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { createLicenceRepository } from './licence.repository';

const tags = ['Licences'];

export const pricingPlanSchema = z.object({
  key: z.enum(LICENCE_PLANS.values),
  name: z.string(),
  monthlyFeeCents: z.number().int(),
  participantFeeCents: z.number().int(),
  trialDays: z.number().int(),
  nextPlanKey: z.enum(LICENCE_PLANS.values).nullable(),
});

/** `GET /licences/pricing-plans`: the platform's pricing plans, for a system administrator's plan pickers. */
export function pricingPlansRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const licences = createLicenceRepository(ctx.db);

    r.get(
      '/licences/pricing-plans',
      {
        config: { allow: isSystemAdmin },
        schema: { tags, response: { 200: z.array(pricingPlanSchema) } },
      },
      async () =>
        (await licences.pricingPlans()).map((plan) => ({
          key: plan.key,
          name: plan.name,
          monthlyFeeCents: plan.monthlyFeeCents,
          participantFeeCents: plan.participantFeeCents,
          trialDays: plan.trialDays,
          nextPlanKey: plan.nextPlanKey,
        })),
    );
  };
}
