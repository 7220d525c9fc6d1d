import {
  delegatedPersonSchema,
  deleteDelegatedQuerySchema,
  entityIdField,
  inviteRepresentativeSchema,
  type Locale,
  pageQueryFields,
  updateDelegatedPersonSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import { resolveRequestOrganization } from '../organizations/request-organization';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { memberSchema } from '../users/user.dto';
import {
  invitationSchema,
  memberListSchema,
  publicInvitationSchema,
  representativesSchema,
} from './family.dto';
import { isFamilyAccount } from '../../lib/access';
import { createFamilyService } from './family.service';
import { createRepresentativesService } from './representatives.service';

const tags = ['Family'];
const noContent = { 204: z.null().describe('No content') };
/** A family's own routes: family accounts (role user). Managers work on families through /members. */
const family = { allow: isFamilyAccount };
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));
const pageQuery = localizedSchema((locale: Locale) => z.object(pageQueryFields(locale)));
/** The token of an e-mailed link (base64url). */
const tokenParams = z.object({
  token: z
    .string()
    .max(256)
    .regex(/^[A-Za-z0-9_-]{16,256}$/),
});

/**
 * What a family does for itself: its members (`/me/delegated`), its representatives
 * (`/me/representatives`) and the invitation links they receive (`/representative-invitations`).
 */
export function familyRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const members = createFamilyService(ctx);
    const representatives = createRepresentativesService(ctx);
    const organizations = createOrganizationRepository(ctx.db);

    r.get(
      '/me/delegated',
      { config: family, schema: { tags, querystring: pageQuery, response: { 200: memberListSchema } } },
      (request) => members.list(requireAuth(request), request.query),
    );

    r.post(
      '/me/delegated',
      {
        config: family,
        schema: { tags, body: localizedSchema(delegatedPersonSchema), response: { 201: memberSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(
          await members.create(requireAuth(request), request.body, {
            requestId: request.id,
            ip: request.ip,
          }),
        ),
    );

    r.get(
      '/me/delegated/:id',
      { config: family, schema: { tags, params: idParams, response: { 200: memberSchema } } },
      (request) => members.get(requireAuth(request), request.params.id),
    );

    r.patch(
      '/me/delegated/:id',
      {
        config: family,
        schema: {
          tags,
          params: idParams,
          body: localizedSchema(updateDelegatedPersonSchema),
          response: { 200: memberSchema },
        },
      },
      (request) => members.update(requireAuth(request), request.params.id, request.body, request.locale),
    );

    r.delete(
      '/me/delegated/:id',
      {
        config: family,
        schema: {
          tags,
          summary: 'Remove a family member; one with registrations to come needs ?confirm=true (else 409)',
          params: idParams,
          querystring: localizedSchema(deleteDelegatedQuerySchema),
          response: noContent,
        },
      },
      async (request, reply) => {
        await members.remove(requireAuth(request), request.params.id, request.query.confirm);
        return reply.status(204).send(null);
      },
    );

    r.get(
      '/me/representatives',
      { config: family, schema: { tags, response: { 200: representativesSchema } } },
      (request) => representatives.list(requireAuth(request), request.locale),
    );

    r.post(
      '/me/representatives',
      {
        config: family,
        schema: {
          tags,
          summary: 'Invite another adult to share the family (e-mail with a link valid 14 days)',
          body: localizedSchema(inviteRepresentativeSchema),
          response: { 201: invitationSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await representatives.invite(requireAuth(request), request.body, request.locale)),
    );

    r.delete(
      '/me/representatives/invitations/:id',
      { config: family, schema: { tags, params: idParams, response: noContent } },
      async (request, reply) => {
        await representatives.revoke(requireAuth(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    r.get(
      '/representative-invitations/:token',
      {
        config: { public: true },
        schema: { tags, params: tokenParams, response: { 200: publicInvitationSchema } },
      },
      async (request) => {
        const organization = await resolveRequestOrganization(request, organizations, ctx.config.appBaseHost);
        return representatives.view(organization.id, request.params.token, request.locale);
      },
    );

    r.post(
      '/representative-invitations/:token/accept',
      { config: family, schema: { tags, params: tokenParams, response: noContent } },
      async (request, reply) => {
        await representatives.accept(requireAuth(request), request.params.token);
        return reply.status(204).send(null);
      },
    );

    r.post(
      '/representative-invitations/:token/decline',
      { config: { public: true }, schema: { tags, params: tokenParams, response: noContent } },
      async (request, reply) => {
        const organization = await resolveRequestOrganization(request, organizations, ctx.config.appBaseHost);
        await representatives.decline(organization.id, request.params.token);
        return reply.status(204).send(null);
      },
    );
  };
}
