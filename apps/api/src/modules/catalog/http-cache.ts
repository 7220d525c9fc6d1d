import { createHash } from 'node:crypto';
import type { onSendHookHandler } from 'fastify';

/**
 * Cache headers of a signed-in read: `Cache-Control: private, max-age=N` and a weak ETag of the body; a
 * request whose `If-None-Match` names the current ETag gets a bodiless 304. The ETag is computed on the
 * serialised body, so it changes exactly when the answer does (language included); a handler that already
 * knows it (a cached page, catalog-cache.ts) sets the `etag` header itself and it is kept.
 */
export function privateCache(maxAgeSeconds: number): onSendHookHandler {
  return async (request, reply, payload) => {
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const known = reply.getHeader('etag');
    const etag =
      typeof known === 'string' ? known : `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('cache-control', `private, max-age=${maxAgeSeconds}`);
    reply.header('etag', etag);
    const vary = reply.getHeader('vary');
    reply.header(
      'vary',
      [vary, 'authorization, x-organization-id, accept-language'].filter(Boolean).join(', '),
    );
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
      reply.code(304);
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  };
}

/**
 * Request coalescing ("single flight"): while the answer for a key is being computed, identical requests
 * wait for that same computation instead of starting their own; once it settles the key is forgotten.
 * By itself it keeps nothing (an answer is at most one computation older than the request it goes to);
 * the catalogue micro-cache (catalog-cache.ts) uses it so that an expired page is recomputed once.
 * Errors are shared the same way (the same input fails the same way) and never kept.
 */
export function singleFlight<T>(): (key: string, compute: () => Promise<T>) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key, compute) => {
    const running = inFlight.get(key);
    if (running) return running;
    const started = compute().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
