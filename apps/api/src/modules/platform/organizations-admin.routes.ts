import {
  changeLicencePlanSchema,
  entityIdField,
  handoffDestinationSchema,
  type Locale,
  platformOrganizationListQuerySchema,
  platformOrganizationOverviewSchema,
  platformOrganizationPageSchema,
} from '@inscrio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../lib/access';
import { localizedSchema } from '../../lib/validation';
import { type ActionMeta, createOrganizationsAdminService } from './organizations-admin.service';
import { platformRight, type StateAction } from './organizations-admin.rules';

const tags = ['Organisations'];
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));
const meta = (request: FastifyRequest): ActionMeta => ({ ip: request.ip, requestId: request.id });

/**
 * Platform staff only, checked before the input (a club's administrator has the same role name as the
 * platform's, so the route's `allow` predicate on the role alone cannot tell them apart).
 */
const staffOnly = (needed: 'read' | 'act') => async (request: FastifyRequest) => {
  const auth = requireAuth(request);
  const right = platformRight(auth.homeOrganizationId, auth.actor);
  if (!right || (needed === 'act' && right !== 'act')) throw new AppError('forbidden');
};

/** The state actions, one path each (`POST /organizations/{id}/archive` …). */
const STATE_ROUTES: { path: string; action: StateAction; description: string }[] = [
  {
    path: 'archive',
    action: 'archive',
    description:
      'Archive: the subdomain answers « Organisation introuvable » to all but platform staff; nothing is deleted.',
  },
  { path: 'unarchive', action: 'unarchive', description: 'Unarchive: the organisation is back as it was.' },
  {
    path: 'maintenance/on',
    action: 'maintenance-on',
    description:
      'Maintenance on: the API answers 503 `organization_in_maintenance` to all but platform staff.',
  },
  { path: 'maintenance/off', action: 'maintenance-off', description: 'Maintenance off.' },
];

/**
 * The organisations of the platform for its staff (spec section 7: `GET /organizations`): the list and
 * an organisation's overview for system administrators and support; the actions for system
 * administrators only (the service checks the right: both depend on the account's organisation).
 */
export function organizationsAdminRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = createOrganizationsAdminService(ctx);

    r.get(
      '/organizations',
      {
        preValidation: staffOnly('read'),
        schema: {
          tags,
          description:
            'Every organisation with its licence plan, members, participants confirmed this month and last activity; searchable by name or key, filtered by plan and state, sorted, paginated. Platform staff only.',
          querystring: localizedSchema(platformOrganizationListQuerySchema),
          response: { 200: platformOrganizationPageSchema },
        },
      },
      (request) => service.list(requireAuth(request), request.query),
    );

    r.get(
      '/organizations/:id/overview',
      {
        preValidation: staffOnly('read'),
        schema: {
          tags,
          description:
            'An organisation as the platform staff see it: identity, billing profile, licence and history, usage of the last 12 months, administrators.',
          params: idParams,
          response: { 200: platformOrganizationOverviewSchema },
        },
      },
      (request) => service.overview(requireAuth(request), request.params.id),
    );

    for (const { path, action, description } of STATE_ROUTES) {
      r.post(
        `/organizations/:id/${path}`,
        {
          preValidation: staffOnly('act'),
          schema: {
            tags,
            description,
            params: idParams,
            response: { 200: platformOrganizationOverviewSchema },
          },
        },
        (request) => service.changeState(requireAuth(request), request.params.id, action, meta(request)),
      );
    }

    r.post(
      '/organizations/:id/licence',
      {
        preValidation: staffOnly('act'),
        schema: {
          tags,
          description:
            'Moves the organisation to another licence plan now (its current licence ends). System administrators.',
          params: idParams,
          body: localizedSchema(changeLicencePlanSchema),
          response: { 200: platformOrganizationOverviewSchema },
        },
      },
      (request) => service.changePlan(requireAuth(request), request.params.id, request.body, meta(request)),
    );

    r.post(
      '/organizations/:id/enter',
      {
        preValidation: staffOnly('read'),
        schema: {
          tags,
          description:
            "« Ouvrir l'espace »: a single-use code, valid 60 seconds, that signs the calling staff account in on the club's subdomain (`POST /auth/sign-in/handoff`). Platform staff.",
          params: idParams,
          response: { 200: handoffDestinationSchema },
        },
      },
      (request) => service.enter(requireAuth(request), request.params.id, meta(request)),
    );
  };
}
