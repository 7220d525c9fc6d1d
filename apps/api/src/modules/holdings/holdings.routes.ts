import { canManageServices, entityIdField, holderAttendeesQuerySchema, type Locale } from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../lib/access';
import { localizedSchema } from '../../lib/validation';
import { sendDownload } from '../../lib/download';
import { createHoldingsService } from './holdings.service';

const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));

const attendeeSchema = z.object({
  memberId: z.string(),
  displayName: z.string(),
  ageMonths: z.number().int().nullable(),
  sessions: z.number().int(),
  pastSessions: z.number().int(),
  absences: z.number().int(),
  /** 0–100, null before the first session. */
  attendanceRate: z.number().int().nullable(),
  familyPhone: z.string().nullable(),
  familyEmail: z.string().nullable(),
});

const attendeesSchema = z.object({
  /** The current period's days, 'yyyy-MM-dd'. */
  from: z.string(),
  to: z.string(),
  periods: z.array(z.object({ id: z.string(), name: z.string() })),
  items: z.array(attendeeSchema),
  sessions: z.array(
    z.object({
      id: z.string(),
      activityName: z.string(),
      startDateTime: z.string(),
      status: z.string(),
      coming: z.number().int(),
    }),
  ),
});

/** The holder's attendees (`/holdings/attendees`) and a session's printable attendance sheet. */
export function holdingsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = createHoldingsService(ctx);

    r.get(
      '/holdings/attendees',
      {
        config: { allow: canManageServices },
        schema: {
          tags: ['Holders'],
          summary: 'Everyone attending the sessions a holder holds in the current period',
          querystring: localizedSchema(holderAttendeesQuerySchema),
          response: { 200: attendeesSchema },
        },
      },
      (request) => service.attendees(requireAuth(request), request.query, request.locale),
    );

    r.get(
      '/services/:id/attendance-sheet.pdf',
      {
        config: { allow: canManageServices },
        schema: {
          tags: ['Holders'],
          summary: "A session's printable attendance sheet (PDF): name, age, phone, a box, notes",
          params: idParams,
        },
      },
      async (request, reply) => {
        const { fileName, pdf } = await service.attendanceSheet(
          requireAuth(request),
          request.params.id,
          request.locale,
        );
        return sendDownload(reply, 'application/pdf', fileName, pdf);
      },
    );
  };
}
