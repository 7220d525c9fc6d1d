import {
  canManageUsers,
  createMemberSchema,
  memberExportQuerySchema,
  memberListQuerySchema,
  updateMemberAccountSchema,
} from '@inscrio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import { sendDownload } from '../../lib/download';
import type { RequestMeta } from '../auth/auth.service';
import { memberDetailSchema, memberPageSchema } from './members.dto';
import { createMembersService } from './members.service';

const tags = ['Members'];
const noContent = { 204: z.null().describe('No content') };
const userParams = z.object({ userId: z.string().trim().min(1).max(100) });
/** Managers only (spec section 6: canManageUsers); the service narrows establishment managers. */
const config = { allow: canManageUsers };

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  requestId: request.id,
  locale: request.locale,
});

/**
 * The members administration (`/members/all|participants|holders`, `/members/create`, a member's page).
 * Signing in as a member is `POST /auth/sign-in/overAdmin` with the `memberId` these routes give.
 */
export function membersRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const members = createMembersService(ctx);

    r.get(
      '/members',
      {
        config,
        schema: {
          tags,
          description:
            'Accounts of the organisation: all, participants (role user, not holder) or holders; searchable by name or e-mail, filtered, sorted, paginated.',
          querystring: localizedSchema(memberListQuerySchema),
          response: { 200: memberPageSchema },
        },
      },
      (request) => members.list(requireAuth(request), request.query, request.locale),
    );

    r.get(
      '/members/export.csv',
      {
        config,
        schema: {
          tags,
          description:
            'The list with the same filters as CSV for Excel (UTF-8 with BOM, ";" separator, French headers), at most 10,000 rows; `x-export-truncated: true` when cut.',
          querystring: localizedSchema(memberExportQuerySchema),
        },
      },
      async (request, reply) => {
        const csv = await members.exportCsv(requireAuth(request), request.query);
        if (csv.truncated) reply.header('x-export-truncated', 'true');
        return sendDownload(reply, 'text/csv; charset=utf-8', csv.filename, csv.body);
      },
    );

    r.post(
      '/members',
      {
        config,
        schema: {
          tags,
          description:
            'Creates a member account (no password; `sendInvitation` mails a link to choose one) with its family members.',
          body: localizedSchema(createMemberSchema),
          response: { 201: memberDetailSchema },
        },
      },
      async (request, reply) => {
        const created = await members.create(requireAuth(request), request.body, meta(request));
        return reply.status(201).send(created);
      },
    );

    r.get(
      '/members/:userId',
      { config, schema: { tags, params: userParams, response: { 200: memberDetailSchema } } },
      (request) => members.get(requireAuth(request), request.params.userId, request.locale),
    );

    r.patch(
      '/members/:userId',
      {
        config,
        schema: {
          tags,
          description: 'Role, establishment, holder flag and person fields, within the granting rules.',
          params: userParams,
          body: localizedSchema(updateMemberAccountSchema),
          response: { 200: memberDetailSchema },
        },
      },
      (request) => members.update(requireAuth(request), request.params.userId, request.body, request.locale),
    );

    r.post(
      '/members/:userId/holder',
      {
        config,
        schema: {
          tags,
          description: 'Makes a basic user a holder.',
          params: userParams,
          response: noContent,
        },
      },
      async (request, reply) => {
        await members.setHolder(requireAuth(request), request.params.userId, true);
        return reply.status(204).send(null);
      },
    );

    r.delete(
      '/members/:userId/holder',
      {
        config,
        schema: { tags, description: 'Removes the holder flag.', params: userParams, response: noContent },
      },
      async (request, reply) => {
        await members.setHolder(requireAuth(request), request.params.userId, false);
        return reply.status(204).send(null);
      },
    );
  };
}
