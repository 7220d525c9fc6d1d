import type { FastifyReply } from 'fastify';

/**
 * A file name safe inside a `content-disposition` header: letters without their accents, digits, dot,
 * dash and underscore.
 */
export const safeFileName = (fileName: string) =>
  fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]/g, '_');

/**
 * Sends a download the browser saves under `fileName` (never cached: plugins/no-store.ts). Every
 * attachment of the API goes through here, so no file name can break out of its header.
 */
export function sendDownload(
  reply: FastifyReply,
  contentType: string,
  fileName: string,
  body: Buffer | string | object,
) {
  reply.header('content-type', contentType);
  reply.header('content-disposition', `attachment; filename="${safeFileName(fileName)}"`);
  return reply.send(body);
}
