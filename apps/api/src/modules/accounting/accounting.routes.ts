import multipart from '@fastify/multipart';
import {
  bankStatementResultSchema,
  bankTransactionListQuerySchema,
  bankTransactionPageSchema,
  bankTransactionSchema,
  entityIdField,
  INVOICE_MESSAGES,
  isAtLeastEstManager,
  type Locale,
  matchTransactionSchema,
} from '@inscrio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import { readOneFile } from '../../lib/upload';
import { createBankStatementsService } from './bank-statements.service';

const tags = ['Accounting'];
/** The service refines with `canManageAccounting` (the establishment of an establishment manager). */
const managers = { allow: isAtLeastEstManager };
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));
/** 100,000 CAMT.053 transfers as banks write them (~1 KB each) fit; larger imports run in the background. */
const STATEMENT_MAX_BYTES = 128 * 1024 * 1024;

/** The uploaded statement (multipart field `file`); a missing or oversized file is the client's fault. */
const readStatement = (request: FastifyRequest) =>
  readOneFile(request, {
    missing: () =>
      new AppError('validation_failed', [
        { field: 'file', rule: 'required', message: INVOICE_MESSAGES.statementUnreadable[request.locale] },
      ]),
    tooLarge: () => new AppError('payload_too_large'),
  });

/** Bank statements and their transfers (`/bank-statements`, `/bank-transactions`), for accountants. */
export function accountingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { files: 1, fileSize: STATEMENT_MAX_BYTES, fields: 5, fieldSize: 1024, parts: 10 },
      throwFileSizeLimit: true,
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const statements = createBankStatementsService(ctx);

    r.post(
      '/bank-statements',
      {
        config: managers,
        schema: {
          tags,
          description:
            'Imports a CAMT.053 (XML) or Belgian CODA statement (multipart/form-data, field `file`): transfers ' +
            'carrying an unpaid invoice’s structured reference pay it; the others are listed for matching. ' +
            'A small statement is imported at once (200, the result); a large one in the background (202, ' +
            'its progress: follow it with `GET /bank-statements/{id}`).',
          consumes: ['multipart/form-data'],
          response: { 200: bankStatementResultSchema, 202: bankStatementResultSchema },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const { result, background } = await statements.importStatement(
          auth,
          await readStatement(request),
          request.locale,
        );
        return reply.code(background ? 202 : 200).send(result);
      },
    );

    r.get(
      '/bank-statements/:id',
      {
        config: managers,
        schema: {
          tags,
          summary: 'An import of a statement: its progress while it runs, then what it did',
          params: idParams,
          response: { 200: bankStatementResultSchema },
        },
      },
      (request) => statements.getImport(requireAuth(request), request.params.id, request.locale),
    );

    r.get(
      '/bank-transactions',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Transfers read from bank statements, latest first',
          querystring: localizedSchema(bankTransactionListQuerySchema),
          response: { 200: bankTransactionPageSchema },
        },
      },
      (request) => statements.list(requireAuth(request), request.query),
    );

    r.post(
      '/bank-transactions/:id/match',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Pay an invoice with this transfer',
          params: idParams,
          body: localizedSchema(matchTransactionSchema),
          response: { 200: bankTransactionSchema },
        },
      },
      (request) =>
        statements.match(requireAuth(request), request.params.id, request.body.invoiceId, request.locale),
    );

    r.post(
      '/bank-transactions/:id/ignore',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Leave this transfer aside',
          params: idParams,
          response: { 200: bankTransactionSchema },
        },
      },
      (request) => statements.ignore(requireAuth(request), request.params.id),
    );
  };
}
