import { createHash } from 'node:crypto';
import type { onSendHookHandler } from 'fastify';

/**
 * Cache headers of a signed-in read: `Cache-Control: private, max-age=N` and a weak ETag of the body; a
 * request whose `If-None-Match` names the current ETag gets a bodiless 304. The ETag is computed on the
 * serialised body, so it changes exactly when the answer does (language included).
 */
export function privateCache(maxAgeSeconds: number): onSendHookHandler {
  return async (request, reply, payload) => {
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
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
