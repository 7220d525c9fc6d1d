import {
  entityIdField,
  isAtLeastEstManager,
  type Locale,
  periodListQuerySchema,
  periodSchema,
  periodServicesSchema,
  planNextQuerySchema,
  planNextSchema,
  updatePeriodSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import {
  periodDtoSchema,
  periodListSchema,
  periodServicesResultSchema,
  planNextPreviewSchema,
  planNextResultSchema,
} from './periods.dto';
import { createPeriodsService } from './periods.service';

const tags = ['Periods'];
const noContent = { 204: z.null().describe('No content') };
const managers = { allow: isAtLeastEstManager };
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));

/** Periods (`/periods`): managers only, an establishment manager within their establishment. */
export function periodsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const periods = createPeriodsService(ctx);

    r.get(
      '/periods',
      {
        config: managers,
        schema: {
          tags,
          querystring: localizedSchema(periodListQuerySchema),
          response: { 200: periodListSchema },
        },
      },
      (request) => periods.list(requireAuth(request), request.query),
    );

    r.post(
      '/periods',
      {
        config: managers,
        schema: { tags, body: localizedSchema(periodSchema), response: { 201: periodDtoSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await periods.create(requireAuth(request), request.body, request.locale)),
    );

    r.get(
      '/periods/:id',
      { config: managers, schema: { tags, params: idParams, response: { 200: periodDtoSchema } } },
      (request) => periods.get(requireAuth(request), request.params.id),
    );

    r.patch(
      '/periods/:id',
      {
        config: managers,
        schema: {
          tags,
          params: idParams,
          body: localizedSchema(updatePeriodSchema),
          response: { 200: periodDtoSchema },
        },
      },
      (request) => periods.update(requireAuth(request), request.params.id, request.body, request.locale),
    );

    r.delete(
      '/periods/:id',
      { config: managers, schema: { tags, params: idParams, response: noContent } },
      async (request, reply) => {
        await periods.delete(requireAuth(request), request.params.id, request.locale);
        return reply.status(204).send(null);
      },
    );

    r.post(
      '/periods/:id/services',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Add existing sessions, or whole series, to the period',
          params: idParams,
          body: localizedSchema(periodServicesSchema),
          response: { 200: periodServicesResultSchema },
        },
      },
      (request) => periods.addServices(requireAuth(request), request.params.id, request.body, request.locale),
    );

    r.delete(
      '/periods/:id/services',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Take sessions, or whole series, out of the period',
          params: idParams,
          body: localizedSchema(periodServicesSchema),
          response: { 200: periodServicesResultSchema },
        },
      },
      (request) => periods.removeServices(requireAuth(request), request.params.id, request.body),
    );

    r.get(
      '/periods/:id/plan-next',
      {
        config: managers,
        schema: {
          tags,
          summary:
            'Preview the next period: dates and sessions shifted by `weeks` (default: the period length)',
          params: idParams,
          querystring: localizedSchema(planNextQuerySchema),
          response: { 200: planNextPreviewSchema },
        },
      },
      (request) =>
        periods.planNextPreview(requireAuth(request), request.params.id, request.query.weeks, request.locale),
    );

    r.post(
      '/periods/:id/plan-next',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Create the next period with its sessions and holders, shifted by `weeks`',
          params: idParams,
          body: localizedSchema(planNextSchema),
          response: { 201: planNextResultSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await periods.planNext(requireAuth(request), request.params.id, request.body)),
    );
  };
}
