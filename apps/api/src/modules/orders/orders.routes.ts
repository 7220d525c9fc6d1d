import {
  type Actor,
  entityIdField,
  isAtLeastEstManager,
  type Locale,
  offlinePaymentSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderPageSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import { createOrdersService } from './orders.service';

const tags = ['Orders'];
/** Families see their own orders, managers every order: the service scopes each call. */
const anySignedIn = { allow: (_actor: Actor) => true };
const managers = { allow: isAtLeastEstManager };
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));

/** Orders (`/orders`): the family's orders and what to do next; managers record payments and cancel. */
export function ordersRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const orders = createOrdersService(ctx);

    r.get(
      '/orders',
      {
        // Read-only, and a family's « Mes commandes » is asked often: it may trust a session found alive a
        // moment ago on this instance (modules/auth/session-cache.ts: revocations are heard from every
        // instance before a remembered session is trusted).
        config: { ...anySignedIn, sessionCache: true },
        schema: {
          tags,
          summary: 'The family’s orders; for managers every order of the organisation, filtered',
          querystring: localizedSchema(orderListQuerySchema),
          response: { 200: orderPageSchema },
        },
      },
      (request) => orders.list(requireAuth(request), request.query),
    );

    r.get(
      '/orders/:id',
      {
        config: anySignedIn,
        schema: {
          tags,
          summary: 'One order: lines, payments, transfer instructions and next step',
          params: idParams,
          response: { 200: orderDetailSchema },
        },
      },
      (request) => orders.detail(requireAuth(request), request.params.id),
    );

    r.post(
      '/orders/:id/payments/offline',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Record a payment received (transfer, cash…); completes the order once paid in full',
          params: idParams,
          body: localizedSchema(offlinePaymentSchema),
          response: { 200: orderDetailSchema },
        },
      },
      (request) =>
        orders.recordOfflinePayment(requireAuth(request), request.params.id, request.body, request.locale),
    );

    r.post(
      '/orders/:id/cancel',
      {
        config: anySignedIn,
        schema: {
          tags,
          summary: 'Cancel an unpaid order (a manager, or the family its own): seats are released',
          params: idParams,
          response: { 200: orderDetailSchema },
        },
      },
      (request) => orders.cancel(requireAuth(request), request.params.id),
    );
  };
}
