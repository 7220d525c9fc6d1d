import {
  attendanceMarksSchema,
  attendanceServiceListQuerySchema,
  canManageServices,
  entityIdField,
  type Locale,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../lib/access';
import { localizedSchema } from '../../lib/validation';
import {
  attendanceMarksResultSchema,
  attendanceServiceListSchema,
  attendanceSheetSchema,
} from './attendance.dto';
import { createAttendanceService } from './attendance.service';

const tags = ['Attendance'];
/** Holders (for the sessions they hold) and managers (an establishment manager in their establishment). */
const staff = { allow: canManageServices };
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));

/** Taking attendance (`/attendance/services`). */
export function attendanceRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = createAttendanceService(ctx);

    r.get(
      '/attendance/services',
      {
        config: staff,
        schema: {
          tags,
          summary: "Sessions to take attendance on: today's and upcoming ones, or past ones",
          querystring: localizedSchema(attendanceServiceListQuerySchema),
          response: { 200: attendanceServiceListSchema },
        },
      },
      (request) => service.list(requireAuth(request), request.query, request.locale),
    );

    r.get(
      '/attendance/services/:id',
      {
        config: staff,
        schema: {
          tags,
          summary: 'A session, its confirmed participants and their current marks',
          params: idParams,
          response: { 200: attendanceSheetSchema },
        },
      },
      (request) => service.sheet(requireAuth(request), request.params.id, request.locale),
    );

    r.post(
      '/attendance/services/:id/marks',
      {
        config: staff,
        schema: {
          tags,
          summary: 'A batch of marks (idempotent by mark id; the latest mark of a participant wins)',
          params: idParams,
          body: localizedSchema(attendanceMarksSchema),
          response: { 200: attendanceMarksResultSchema },
        },
      },
      (request) =>
        service.mark(requireAuth(request), request.params.id, request.body, {
          ip: request.ip,
          requestId: request.id,
          locale: request.locale,
        }),
    );
  };
}
