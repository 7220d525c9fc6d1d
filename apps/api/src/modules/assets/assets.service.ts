import { createHash } from 'node:crypto';
import {
  ASSET_IMAGE_TYPES,
  ASSET_MAX_BYTES,
  type AssetPurpose,
  type Locale,
  LOCALES,
  message,
  type MessageKey,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../lib/access';
import { type AssetDto, toAssetDto } from './assets.dto';
import { createAssetRepository } from './assets.repository';
import { detectImageType } from '../../lib/image-type';
import { resizeImage, UnreadableImageError } from './image-resize';

export interface UploadedFile {
  data: Buffer;
  /** The content type the client declared for the part. */
  declaredType: string;
  fileName: string | null;
}

const MAX_MEGABYTES = ASSET_MAX_BYTES / (1024 * 1024);

const inBothLanguages = (key: MessageKey, params?: Record<string, number>) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, message(key, locale, params)])) as Record<
    Locale,
    string
  >;

/** The upload errors, with messages the web form shows as they are. */
export const assetErrors = {
  tooLarge: () =>
    new AppError('payload_too_large', [], { text: inBothLanguages('assetTooLarge', { max: MAX_MEGABYTES }) }),
  unsupportedType: () =>
    new AppError('unsupported_media_type', [], { text: inBothLanguages('assetImageType') }),
  unreadable: () => new AppError('unsupported_media_type', [], { text: inBothLanguages('assetUnreadable') }),
  notMultipart: () =>
    new AppError('unsupported_media_type', [], { text: inBothLanguages('assetFileRequired') }),
  fileRequired: (locale: Locale) =>
    new AppError('validation_failed', [
      { field: 'file', rule: 'required', message: message('assetFileRequired', locale) },
    ]),
};

/** A file name worth keeping: its last path segment, without control characters, at most 255 long. */
function cleanFileName(name: string | null): string | null {
  const base = (name ?? '')
    .split(/[\\/]/)
    .at(-1)!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return base || null;
}

const mediaType = (declared: string) => declared.split(';')[0]!.trim().toLowerCase();

/** Images uploaded by managers (activity pictures, logos), stored in the database, served publicly. */
export function createAssetsService(ctx: AppContext) {
  const repository = createAssetRepository(ctx.db);

  return {
    /**
     * Stores an image of the acting organisation. Only PNG, JPEG and WebP are kept, recognised by their
     * bytes: a declared type alone is not trusted. The image is stored resized for its `purpose`, with
     * the type of what was stored (fixed here, served as is).
     */
    async upload(
      auth: AuthContext,
      file: UploadedFile,
      locale: Locale,
      purpose?: AssetPurpose,
    ): Promise<AssetDto> {
      if (file.data.length === 0) throw assetErrors.fileRequired(locale);
      if (file.data.length > ASSET_MAX_BYTES) throw assetErrors.tooLarge();
      const detected = detectImageType(file.data);
      const declared = mediaType(file.declaredType);
      if (!detected || !(ASSET_IMAGE_TYPES as readonly string[]).includes(declared)) {
        throw assetErrors.unsupportedType();
      }
      const image = await resizeImage(file.data, detected, purpose).catch((error: unknown) => {
        throw error instanceof UnreadableImageError ? assetErrors.unreadable() : error;
      });
      const asset = {
        organizationId: auth.organizationId,
        id: newId('ast', ctx.clock.now().getTime()),
        contentType: image.contentType,
        byteSize: image.data.length,
        sha256: createHash('sha256').update(image.data).digest('hex'),
      };
      await repository.insert({
        ...asset,
        fileName: cleanFileName(file.fileName),
        data: image.data,
        createdByUserId: auth.userId,
      });
      return toAssetDto(asset);
    },

    /** What a conditional request needs, without loading the bytes (public assets only, like `findWithData`). */
    findMeta: (organizationId: string, id: string) =>
      repository.findMeta(organizationId, id, { publicOnly: true }),

    /** What the public serving route answers: never a private asset (a certificate's seal or signature). */
    findWithData: (organizationId: string, id: string) =>
      repository.findWithData(organizationId, id, { publicOnly: true }),
  };
}
