import type { FastifyInstance } from 'fastify';

/**
 * Every API answer is personal or may be (an account, a family, an order, an invitation seen through
 * its link), so none is kept by the browser or a proxy unless its route says otherwise: answers without
 * their own `Cache-Control` get `private, no-store`. A route that may be cached sets the header itself,
 * in its handler or in a route `onSend` hook (those run after this one), e.g. the catalogue's
 * `privateCache` (modules/catalog/http-cache.ts) or the public directory's `public, max-age`.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'private, no-store');
    }
    return payload;
  });
}
