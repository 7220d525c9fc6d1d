import {
  type Actor,
  addToCartResultSchema,
  addToCartSchema,
  cartSchema,
  checkoutResultSchema,
  checkoutSchema,
  entityIdField,
  type Locale,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import { createCartService } from './cart.service';

const tags = ['Cart'];
/** Every signed-in person has a family and so a cart; the checks are per family member and session. */
const family = { allow: (_actor: Actor) => true };
/*
 * The answers are sent with plain `JSON.stringify`, as the catalogue's are (docs/scaling.md): the zod
 * schemas stay on the routes for the OpenAPI description, but checking every answer against them cost a
 * good part of a checkout's CPU. The answers are built field by field under the schemas' types
 * (cart.service.ts, orders.dto.ts), so they hold nothing the schemas would strip.
 */
const stringify = () => (data: unknown) => JSON.stringify(data);
/** No body means the organisation's default provider. */
const checkoutBody = localizedSchema((locale: Locale) =>
  z.preprocess((body) => body ?? {}, checkoutSchema(locale)),
);
const participantParams = localizedSchema((locale: Locale) =>
  z.object({ participantId: entityIdField(locale) }),
);

/** The family's cart (`/cart`): reserve seats, remove lines, check out into an order. */
export function cartRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const cart = createCartService(ctx);

    r.get(
      '/cart',
      {
        config: family,
        serializerCompiler: stringify,
        schema: {
          tags,
          summary: 'The family’s cart: lines on hold, prices, totals, payment methods',
          response: { 200: cartSchema },
        },
      },
      (request) => cart.get(requireAuth(request)),
    );

    r.post(
      '/cart/items',
      {
        config: family,
        serializerCompiler: stringify,
        schema: {
          tags,
          summary:
            'Reserve sessions for family members (each pair checked; refusals come with their message)',
          body: localizedSchema(addToCartSchema),
          response: { 200: addToCartResultSchema },
        },
      },
      (request) => cart.addItems(requireAuth(request), request.body, request.locale),
    );

    r.delete(
      '/cart/items/:participantId',
      {
        config: family,
        serializerCompiler: stringify,
        schema: {
          tags,
          summary: 'Remove a line from the cart (its seat is released)',
          params: participantParams,
          response: { 200: cartSchema },
        },
      },
      (request) => cart.removeItem(requireAuth(request), request.params.participantId),
    );

    r.post(
      '/cart/checkout',
      {
        config: family,
        serializerCompiler: stringify,
        schema: {
          tags,
          summary: 'Turn the cart into an order and start its payment',
          body: checkoutBody,
          response: { 201: checkoutResultSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await cart.checkout(requireAuth(request), request.body)),
    );
  };
}
