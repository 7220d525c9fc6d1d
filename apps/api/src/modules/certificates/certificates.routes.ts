import {
  type Actor,
  certificateBatchDtoSchema,
  certificateBatchListSchema,
  certificateBatchRequestSchema,
  certificateDtoSchema,
  CERTIFICATE_MESSAGES,
  entityIdField,
  familyCertificatesSchema,
  healthMutualRequestSchema,
  isAtLeastEstManager,
  isAtLeastOrgManager,
  type Locale,
  message,
  taxIdentitySchema,
  yearCertificateRequestSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { isFamilyAccount, requireAuth } from '../../lib/access';
import { sendDownload } from '../../lib/download';
import { localizedSchema } from '../../lib/validation';
import { exportBelcotax } from './belcotax-export';
import { createCertificateBatches } from './certificate-batches';
import { createCertificatesService } from './certificates.service';

const tags = ['Certificates'];
const family = { allow: isFamilyAccount };
const managers = { allow: isAtLeastEstManager };
const familyOrManagers = { allow: (actor: Actor) => isAtLeastEstManager(actor) || isFamilyAccount(actor) };
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));
const memberParams = localizedSchema((locale: Locale) => z.object({ memberId: entityIdField(locale) }));
const yearParams = localizedSchema((locale: Locale) =>
  z.object({
    year: z.coerce
      .number({ error: CERTIFICATE_MESSAGES.year[locale] })
      .int({ error: CERTIFICATE_MESSAGES.year[locale] })
      .min(2000, { error: CERTIFICATE_MESSAGES.year[locale] })
      .max(2100, { error: CERTIFICATE_MESSAGES.year[locale] }),
  }),
);
const fileQuery = localizedSchema((locale: Locale) =>
  z.object({ duplicate: z.enum(['true', 'false'], { error: message('choice', locale) }).optional() }),
);

/** Certificates: the family's requests and downloads, the managers' bulk batches and the Belcotax export. */
export function certificatesRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const certificates = createCertificatesService(ctx);
    const batches = createCertificateBatches(ctx);

    r.get(
      '/certificates/family',
      {
        config: family,
        schema: {
          tags,
          summary: "The family's paid registrations and years, with the certificates already issued",
          response: { 200: familyCertificatesSchema },
        },
      },
      (request) => certificates.family(requireAuth(request)),
    );

    r.post(
      '/certificates/health-mutual',
      {
        config: family,
        schema: {
          tags,
          summary: 'The health-mutual certificate of a paid registration (issued once, then the same)',
          body: localizedSchema(healthMutualRequestSchema),
          response: { 200: certificateDtoSchema },
        },
      },
      (request) => certificates.requestHealthMutual(requireAuth(request), request.body),
    );

    r.post(
      '/certificates/tax',
      {
        config: family,
        schema: {
          tags,
          summary:
            "A child's certificate for a year: 281.86 in Belgium, a payment certificate in France and Luxembourg",
          body: localizedSchema(yearCertificateRequestSchema),
          response: { 200: z.object({ items: z.array(certificateDtoSchema) }) },
        },
      },
      (request) => certificates.requestYear(requireAuth(request), request.body),
    );

    r.put(
      '/certificates/tax-identities/:memberId',
      {
        config: family,
        schema: {
          tags,
          summary:
            "The child's and the debtor's national register numbers, asked only for the 281.86, stored encrypted",
          params: memberParams,
          body: localizedSchema(taxIdentitySchema),
        },
      },
      async (request, reply) => {
        await certificates.saveTaxIdentity(requireAuth(request), request.params.memberId, request.body);
        return reply.status(204).send();
      },
    );

    r.get(
      '/certificates/:id/file',
      {
        config: familyOrManagers,
        schema: {
          tags,
          summary: 'The certificate as PDF; `duplicate=true` gives a copy marked duplicate',
          params: idParams,
          querystring: fileQuery,
        },
      },
      async (request, reply) => {
        const { fileName, body } = await certificates.file(
          requireAuth(request),
          request.params.id,
          request.query.duplicate === 'true',
        );
        return sendDownload(reply, 'application/pdf', fileName, body);
      },
    );

    r.post(
      '/certificates/batches',
      {
        config: managers,
        schema: {
          tags,
          summary:
            "Generate a period's health-mutual certificates, or a year's tax or payment certificates, in the background",
          body: localizedSchema(certificateBatchRequestSchema),
          response: { 202: certificateBatchDtoSchema },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await batches.start(requireAuth(request), request.body, request.locale)),
    );

    r.get(
      '/certificates/batches',
      {
        config: managers,
        schema: { tags, summary: 'The latest batches', response: { 200: certificateBatchListSchema } },
      },
      (request) => batches.list(requireAuth(request)),
    );

    r.get(
      '/certificates/batches/:id',
      {
        config: managers,
        schema: {
          tags,
          summary: "A batch's progress (« 120 / 480 »)",
          params: idParams,
          response: { 200: certificateBatchDtoSchema },
        },
      },
      (request) => batches.get(requireAuth(request), request.params.id),
    );

    r.get(
      '/certificates/batches/:id/file',
      {
        config: managers,
        schema: { tags, summary: 'Every certificate of a ready batch in one PDF', params: idParams },
      },
      async (request, reply) => {
        const { fileName, body } = await batches.file(requireAuth(request), request.params.id);
        return sendDownload(reply, 'application/pdf', fileName, body);
      },
    );

    r.get(
      '/certificates/belcotax/:year',
      {
        config: { allow: isAtLeastOrgManager },
        schema: {
          tags,
          summary: "The year's 281.86 certificates as a Belcotax-on-web XML file",
          params: yearParams,
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const xml = await exportBelcotax(ctx, auth.organizationId, request.params.year);
        return sendDownload(
          reply,
          'application/xml; charset=utf-8',
          `belcotax-281-86-${request.params.year}.xml`,
          xml,
        );
      },
    );
  };
}
