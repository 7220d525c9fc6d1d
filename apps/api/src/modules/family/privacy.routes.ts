import { deleteAccountSchema } from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { isFamilyAccount, requireAuth } from '../../lib/access';
import { localizedSchema } from '../../lib/validation';
import { sendDownload } from '../../lib/download';
import { dataExportSchema } from './privacy.dto';
import { createPrivacyService } from './privacy.service';

const tags = ['Current user'];
const noContent = { 204: z.null().describe('No content') };

/**
 * 'Download my data' (`/me/export`) and 'delete my account' (`/me/account`): the signed-in user's own
 * family; deleting is for family accounts (managers' accounts are closed by an administrator).
 */
export function privacyRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const privacy = createPrivacyService(ctx);

    r.get(
      '/me/export',
      {
        schema: {
          tags,
          summary: "Download everything held about the caller's family (JSON attachment)",
          response: { 200: dataExportSchema },
        },
      },
      async (request, reply) => {
        const { data, fileName } = await privacy.exportData(requireAuth(request));
        return sendDownload(reply, 'application/json; charset=utf-8', fileName, data);
      },
    );

    r.delete(
      '/me/account',
      {
        config: { allow: isFamilyAccount },
        schema: {
          tags,
          summary: 'Delete the own account: personal data anonymised, accounting records kept',
          body: localizedSchema(deleteAccountSchema),
          response: noContent,
        },
      },
      async (request, reply) => {
        await privacy.deleteAccount(requireAuth(request), request.body, {
          ip: request.ip,
          requestId: request.id,
          locale: request.locale,
        });
        return reply.status(204).send(null);
      },
    );
  };
}
