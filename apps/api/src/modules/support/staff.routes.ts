import { inviteStaffSchema, isSystemAdmin, STAFF_KINDS } from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../lib/access';
import { localizedSchema } from '../../lib/validation';
import { createStaffService } from './staff.service';

const tags = ['Platform staff'];
const config = { allow: isSystemAdmin };

const staffSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  kind: z.enum(STAFF_KINDS),
  invited: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});

/** « Administrateurs et supports »: the platform staff, for system administrators only. */
export function staffRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const staff = createStaffService(ctx);

    r.get(
      '/platform/staff',
      {
        config,
        schema: {
          tags,
          description: 'The system administrators and support staff of the platform.',
          response: { 200: z.object({ items: z.array(staffSchema) }) },
        },
      },
      async (request) => ({ items: await staff.list(requireAuth(request)) }),
    );

    r.post(
      '/platform/staff',
      {
        config,
        schema: {
          tags,
          description:
            'Invites a system administrator or a support agent: an account of the system organisation bound to the address, and an e-mail with a single-use link to choose a password.',
          body: localizedSchema(inviteStaffSchema),
          response: { 201: staffSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await staff.invite(requireAuth(request), request.body, {
            ip: request.ip,
            requestId: request.id,
            locale: request.locale,
          }),
        ),
    );

    r.delete(
      '/platform/staff/:userId',
      {
        config,
        schema: {
          tags,
          description: 'Removes a member of the staff (never the last system administrator).',
          params: z.object({ userId: z.string().trim().min(1).max(100) }),
          response: { 204: z.null().describe('No content') },
        },
      },
      async (request, reply) => {
        await staff.remove(requireAuth(request), request.params.userId, {
          ip: request.ip,
          requestId: request.id,
          locale: request.locale,
        });
        return reply.status(204).send(null);
      },
    );
  };
}
