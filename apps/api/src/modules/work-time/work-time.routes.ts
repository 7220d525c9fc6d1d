import {
  canManageServices,
  entityIdField,
  holderVolunteerSchema,
  isAtLeastEstManager,
  isAtLeastOrgManager,
  isHolder,
  type Locale,
  monthField,
  workMonthDtoSchema,
  workMonthOverviewQuerySchema,
  workMonthOverviewSchema,
  workMonthRejectSchema,
  workTimeCorrectionSchema,
  workTimeQuerySchema,
  workTimeSettingsDtoSchema,
  workTimeSettingsSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../lib/access';
import { sendDownload } from '../../lib/download';
import { localizedSchema } from '../../lib/validation';
import { createWorkTimeExport } from './work-time.export';
import { createWorkTimeService } from './work-time.service';

const tags = ['Work time'];
const holders = { allow: isHolder };
const managers = { allow: isAtLeastEstManager };
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));
const monthParams = localizedSchema((locale: Locale) => z.object({ month: monthField(locale) }));
const decisionParams = localizedSchema((locale: Locale) =>
  z.object({ month: monthField(locale), holderId: entityIdField(locale) }),
);
const holderParams = localizedSchema((locale: Locale) => z.object({ holderId: entityIdField(locale) }));

/** Holders' work time (« Heures prestées »): months, corrections, submission, validation, exports. */
export function workTimeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = createWorkTimeService(ctx);
    const exports = createWorkTimeExport(ctx);

    r.get(
      '/work-time',
      {
        config: { allow: canManageServices },
        schema: {
          tags,
          summary: "A holder's month day by day (their own; managers name the holder)",
          querystring: localizedSchema(workTimeQuerySchema),
          response: { 200: workMonthDtoSchema },
        },
      },
      (request) => service.month(requireAuth(request), request.query, request.locale),
    );

    r.post(
      '/work-time/corrections',
      {
        config: holders,
        schema: {
          tags,
          summary: 'Add (or remove) time on a day, with a note',
          body: localizedSchema(workTimeCorrectionSchema),
          response: { 200: workMonthDtoSchema },
        },
      },
      (request) => service.addCorrection(requireAuth(request), request.body, request.locale),
    );

    r.put(
      '/work-time/corrections/:id',
      {
        config: holders,
        schema: {
          tags,
          summary: 'Change a correction of an editable month',
          params: idParams,
          body: localizedSchema(workTimeCorrectionSchema),
          response: { 200: workMonthDtoSchema },
        },
      },
      (request) =>
        service.updateCorrection(requireAuth(request), request.params.id, request.body, request.locale),
    );

    r.delete(
      '/work-time/corrections/:id',
      {
        config: holders,
        schema: {
          tags,
          summary: 'Remove a correction',
          params: idParams,
          response: { 200: workMonthDtoSchema },
        },
      },
      (request) => service.deleteCorrection(requireAuth(request), request.params.id, request.locale),
    );

    r.post(
      '/work-time/months/:month/submit',
      {
        config: holders,
        schema: {
          tags,
          summary: 'Submit the month for validation',
          params: monthParams,
          response: { 200: workMonthDtoSchema },
        },
      },
      (request) => service.submit(requireAuth(request), request.params.month, request.locale),
    );

    r.get(
      '/work-time/months/:month',
      {
        config: managers,
        schema: {
          tags,
          summary: "Every holder's month: totals, corrections, status, allowance",
          params: monthParams,
          querystring: localizedSchema(workMonthOverviewQuerySchema),
          response: { 200: workMonthOverviewSchema },
        },
      },
      (request) =>
        service.overview(requireAuth(request), request.params.month, request.query, request.locale),
    );

    r.post(
      '/work-time/months/:month/holders/:holderId/validate',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Validate a submitted month',
          params: decisionParams,
          response: { 200: workMonthDtoSchema },
        },
      },
      (request) =>
        service.decide(
          requireAuth(request),
          request.params.month,
          request.params.holderId,
          { status: 'validated', note: null },
          request.locale,
        ),
    );

    r.post(
      '/work-time/months/:month/holders/:holderId/reject',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Send a submitted month back to the holder, with a note',
          params: decisionParams,
          body: localizedSchema(workMonthRejectSchema),
          response: { 200: workMonthDtoSchema },
        },
      },
      (request) =>
        service.decide(
          requireAuth(request),
          request.params.month,
          request.params.holderId,
          { status: 'rejected', note: request.body.note },
          request.locale,
        ),
    );

    r.get(
      '/work-time/months/:month/export.csv',
      {
        config: managers,
        schema: { tags, summary: "The month's hours for payroll (CSV)", params: monthParams },
      },
      async (request, reply) => {
        const { fileName, body } = await exports.csv(
          requireAuth(request),
          request.params.month,
          request.locale,
        );
        return sendDownload(reply, 'text/csv; charset=utf-8', fileName, body);
      },
    );

    r.get(
      '/work-time/months/:month/export.pdf',
      {
        config: managers,
        schema: { tags, summary: "The month's hours, one page per holder (PDF)", params: monthParams },
      },
      async (request, reply) => {
        const { fileName, pdf } = await exports.pdf(
          requireAuth(request),
          request.params.month,
          request.locale,
        );
        return sendDownload(reply, 'application/pdf', fileName, pdf);
      },
    );

    r.put(
      '/work-time/holders/:holderId/volunteer',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Mark a holder as a volunteer paid by fixed allowances (or not)',
          params: holderParams,
          body: localizedSchema(holderVolunteerSchema),
          response: { 200: z.object({ volunteer: z.boolean() }) },
        },
      },
      (request) =>
        service.setVolunteer(
          requireAuth(request),
          request.params.holderId,
          request.body.volunteer,
          request.locale,
        ),
    );

    r.get(
      '/organizations/:id/work-time-settings',
      {
        config: { allow: isAtLeastOrgManager },
        schema: { tags, params: idParams, response: { 200: workTimeSettingsDtoSchema } },
      },
      (request) => service.settings(requireAuth(request), request.params.id),
    );

    r.patch(
      '/organizations/:id/work-time-settings',
      {
        config: { allow: isAtLeastOrgManager },
        schema: {
          tags,
          params: idParams,
          body: localizedSchema(workTimeSettingsSchema),
          response: { 200: workTimeSettingsDtoSchema },
        },
      },
      (request) => service.updateSettings(requireAuth(request), request.params.id, request.body),
    );
  };
}
