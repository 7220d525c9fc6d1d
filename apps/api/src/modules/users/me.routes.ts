import { updateMeSchema, updateMemberSchema } from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../plugins/auth';
import { createMeService } from './me.service';
import { memberSchema, userSchema } from './user.dto';

const tags = ['Current user'];

export function meRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const me = createMeService(ctx);

    r.get('/me/user', { schema: { tags, response: { 200: userSchema } } }, (request) =>
      me.getUser(requireAuth(request)),
    );

    r.get('/me/member', { schema: { tags, response: { 200: memberSchema } } }, (request) =>
      me.getMember(requireAuth(request)),
    );

    r.patch(
      '/me/member',
      { schema: { tags, body: localizedSchema(updateMemberSchema), response: { 200: memberSchema } } },
      (request) => me.updateMember(requireAuth(request), request.body),
    );

    r.patch(
      '/users/me',
      { schema: { tags, body: localizedSchema(updateMeSchema), response: { 200: userSchema } } },
      (request) => me.updateUser(requireAuth(request), request.body),
    );
  };
}
