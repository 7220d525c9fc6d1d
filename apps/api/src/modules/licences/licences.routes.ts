import {
  type Actor,
  entityIdField,
  isSystemAdmin,
  type Locale,
  organizationLicenceSchema,
  pricingPlanDetailSchema,
  pricingPlanKeyParamsSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../lib/access';
import { localizedSchema } from '../../lib/validation';
import { createLicencesService } from './licences.service';

const tags = ['Licences'];
/** Club administrators and platform staff; the service narrows a club's data to its own administrator. */
const adminsAndStaff = {
  allow: (actor: Actor) => actor.role === 'admin' || actor.role === 'support' || isSystemAdmin(actor),
};
const systemAdmins = { allow: isSystemAdmin };
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));

/** A pricing plan, a club's licence, and moving a licence to its next plan. */
export function licencesRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const licences = createLicencesService(ctx);

    r.get(
      '/licences/pricing-plans/:key',
      {
        config: adminsAndStaff,
        schema: {
          tags,
          summary: 'A pricing plan: monthly fee, fee per confirmed participant, trial days, next plan',
          params: localizedSchema(pricingPlanKeyParamsSchema),
          response: { 200: pricingPlanDetailSchema },
        },
      },
      (request) => licences.pricingPlan(request.params.key),
    );

    r.post(
      '/licences/:id/trigger-next-pricing-plan',
      {
        config: systemAdmins,
        schema: {
          tags,
          summary: 'Moves the current licence to its plan’s next plan, now (system administrator)',
          params: idParams,
          response: { 200: organizationLicenceSchema },
        },
      },
      (request) => licences.triggerNextPlan(requireAuth(request), request.params.id),
    );

    r.get(
      '/organizations/:id/licence',
      {
        config: adminsAndStaff,
        schema: {
          tags,
          summary: 'The organisation’s current licence, its plan (trial end included) and its history',
          params: idParams,
          response: { 200: organizationLicenceSchema },
        },
      },
      (request) => licences.licenceOf(requireAuth(request), request.params.id),
    );
  };
}
