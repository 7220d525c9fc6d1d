import {
  entityIdField,
  isAtLeastOrgManager,
  type Locale,
  organizationSettingsDtoSchema,
  organizationSettingsResultSchema,
  organizationSettingsSchema,
  organizationWarningsDtoSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import { createPaymentSettingsService } from './payment-settings.service';

const tags = ['Organisations'];
const managers = { allow: isAtLeastOrgManager };
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));

/**
 * The organisation's configuration (spec section 7): one contract, `organizationSettingsSchema` in
 * packages/shared, with its general part (name, logo, time zone, language, contact, hold minutes,
 * invitation hours), its billing part (both organizations/organization.service.ts) and its payment part
 * — which needs the providers, so the route lives here, above both. Its managers (at least
 * org-manager: establishment managers and families are refused), and system staff for any. The logos are
 * uploaded with `POST /assets`, then their ids are saved here.
 */
export function paymentSettingsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const organizations = createPaymentSettingsService(ctx);

    r.get(
      '/organizations/:id',
      {
        config: managers,
        schema: { tags, params: idParams, response: { 200: organizationSettingsDtoSchema } },
      },
      (request) => organizations.get(requireAuth(request), request.params.id),
    );

    r.get(
      '/organizations/:id/warnings',
      {
        config: managers,
        schema: {
          tags,
          description: "The incomplete sections ('Informations à compléter') with their configuration steps.",
          params: idParams,
          response: { 200: organizationWarningsDtoSchema },
        },
      },
      (request) => organizations.warnings(requireAuth(request), request.params.id),
    );

    r.patch(
      '/organizations/:id',
      {
        config: managers,
        schema: {
          tags,
          params: idParams,
          body: localizedSchema(organizationSettingsSchema),
          response: { 200: organizationSettingsResultSchema },
        },
      },
      (request) =>
        organizations.update(requireAuth(request), request.params.id, request.body, request.locale),
    );
  };
}
