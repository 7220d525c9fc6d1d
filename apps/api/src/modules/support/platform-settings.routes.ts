import { isSystemAdmin } from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../lib/access';
import { createLicenceRepository } from '../licences/licence.repository';

const pricingPlanSchema = z.object({
  key: z.string(),
  name: z.string(),
  monthlyFeeCents: z.number().int(),
  participantFeeCents: z.number().int(),
  trialDays: z.number().int(),
  nextPlanKey: z.string().nullable(),
});

/**
 * The system organisation's « Configuration »: what the platform itself runs on. Its billing profile
 * (the seller of platform invoices) is the organisation's own (`GET /organizations/org_sysadmin`); here
 * the pricing plans, read-only. The platform has no other settings yet.
 */
export function platformSettingsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/platform/settings',
      {
        config: { allow: isSystemAdmin },
        schema: {
          tags: ['Platform'],
          description: 'The pricing plans (system administrators).',
          response: { 200: z.object({ pricingPlans: z.array(pricingPlanSchema) }) },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        if (!auth.actor.isSystemAdmin) throw new AppError('forbidden');
        const plans = await createLicenceRepository(ctx.db).pricingPlans();
        return {
          pricingPlans: plans.map((plan) => ({
            key: plan.key,
            name: plan.name,
            monthlyFeeCents: plan.monthlyFeeCents,
            participantFeeCents: plan.participantFeeCents,
            trialDays: plan.trialDays,
            nextPlanKey: plan.nextPlanKey,
          })),
        };
      },
    );
  };
}
