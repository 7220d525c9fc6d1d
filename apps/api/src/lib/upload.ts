import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

export interface Upload {
  data: Buffer;
  fileName: string | null;
  /** What the client says it is: a hint only, never trusted for the content. */
  declaredType: string;
}

/** The refusals of one upload route, in the caller's words. */
export interface UploadRefusals {
  /** No file, an empty one, or a body that is not readable multipart. */
  missing: () => AppError;
  /** The file is over the route's `fileSize` limit. */
  tooLarge: () => AppError;
  /** The body is not multipart at all (default: `missing`). */
  notMultipart?: () => AppError;
}

/**
 * Reads the one file of a multipart body (other fields are ignored), consuming the whole body. Every
 * failure is the client's: the route's own refusals, and `payload_too_large` past the plugin's limits.
 */
export async function readOneFile(request: FastifyRequest, refusals: UploadRefusals): Promise<Upload> {
  if (!request.isMultipart()) throw (refusals.notMultipart ?? refusals.missing)();
  let file: Upload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      file ??= { data, fileName: part.filename || null, declaredType: part.mimetype };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refusals.tooLarge();
    if (statusCode === 413) throw new AppError('payload_too_large');
    throw refusals.missing();
  }
  if (!file || file.data.length === 0) throw refusals.missing();
  return file;
}
