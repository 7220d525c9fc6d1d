import type { AssetImageType, AssetPurpose } from '@inscrio/shared';
import sharp from 'sharp';

/*
 * Uploaded images made the size the pages use, once, at upload: a phone then downloads a 1600 px
 * background instead of a 6000 px photo. Decoding also proves the bytes are an image (a file that only
 * starts like one is refused), and re-encoding drops the metadata (a phone photo's GPS position).
 */

interface Target {
  width: number;
  height: number;
  /** `cover` crops to the exact box (favicons); `inside` keeps the whole image within it. */
  fit: 'cover' | 'inside';
  /** The stored format; undefined keeps the uploaded one (PDFs print PNG and JPEG only). */
  format?: 'png' | 'webp';
}

const TARGETS: Record<AssetPurpose | 'default', Target> = {
  favicon: { width: 64, height: 64, fit: 'cover', format: 'png' },
  logo: { width: 512, height: 512, fit: 'inside' },
  // Full-width header of /discover: WebP at 1600 px weighs a fraction of the JPEG a camera makes.
  background: { width: 1600, height: 1000, fit: 'inside', format: 'webp' },
  activity: { width: 1200, height: 800, fit: 'inside' },
  default: { width: 2000, height: 2000, fit: 'inside' },
};

/** A decompression bomb (a tiny file declaring a huge canvas) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

export class UnreadableImageError extends Error {}

export interface ResizedImage {
  data: Buffer;
  contentType: AssetImageType;
  width: number;
  height: number;
}

const CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

/** `data` (PNG, JPEG or WebP) decoded, turned upright, fitted to the purpose's box and encoded again. */
export async function resizeImage(
  data: Buffer,
  detected: AssetImageType,
  purpose: AssetPurpose | undefined,
): Promise<ResizedImage> {
  const target = TARGETS[purpose ?? 'default'];
  const format =
    target.format ?? (detected === 'image/png' ? 'png' : detected === 'image/webp' ? 'webp' : 'jpeg');
  try {
    const pipeline = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: target.width, height: target.height, fit: target.fit, withoutEnlargement: true });
    const encoded =
      format === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : format === 'webp'
          ? pipeline.webp({ quality: 78 })
          : pipeline.jpeg({ quality: 82, mozjpeg: true });
    const { data: out, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data: out, contentType: CONTENT_TYPES[format], width: info.width, height: info.height };
  } catch {
    throw new UnreadableImageError();
  }
}
