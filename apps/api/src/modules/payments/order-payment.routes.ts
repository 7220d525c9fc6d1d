import { type Actor, checkoutResultSchema, entityIdField, type Locale } from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../lib/access';
import { localizedSchema } from '../../lib/validation';
import { retryOrderPayment } from './order-payment';

const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));

/** Paying an order again (`/orders/{id}/retry-payment`): the family's own, scoped by the service. */
export function orderPaymentRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/orders/:id/retry-payment',
      {
        config: { allow: (_actor: Actor) => true },
        schema: {
          tags: ['Orders'],
          summary: 'Pay an online order again (after a failed, cancelled or expired payment)',
          params: idParams,
          response: { 200: checkoutResultSchema },
        },
      },
      (request) => retryOrderPayment(ctx, requireAuth(request), request.params.id),
    );
  };
}
