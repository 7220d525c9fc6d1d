import { ASSET_IMAGE_TYPES, ASSET_MAX_BYTES, type AssetPurpose, message } from '@inscrio/shared';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { notificationText } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useUploadAsset } from '@/lib/upload-asset';
import { useLocale } from '@/lib/use-locale';

export interface ImageUploadLabels {
  label: string;
  choose: string;
  change: string;
  remove: string;
  uploading: string;
  alt: string;
  hint: string;
}

/**
 * An image uploaded at once (`POST /assets`), then shown from the address the API gives
 * (`/api/assets/serve/{id}?orgId=`), saved with its form. PNG, JPEG or WebP up to 5 MB, checked here
 * first. `fit`: a photo fills its 16:9 frame (cover), a logo is shown whole (contain).
 */
export function ImageUploadField({
  url,
  onChange,
  error,
  labels,
  fit = 'cover',
  purpose,
}: {
  url: string | null;
  onChange: (asset: { id: string; url: string } | null) => void;
  error?: string | undefined;
  labels: ImageUploadLabels;
  fit?: 'cover' | 'contain';
  /** What the image is for: the API stores it at that size. */
  purpose?: AssetPurpose;
}) {
  const locale = useLocale();
  const upload = useUploadAsset(purpose);
  const input = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const id = useId();
  const shownError = uploadError ?? error;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    if (!(ASSET_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setUploadError(message('assetImageType', locale));
      return;
    }
    if (file.size > ASSET_MAX_BYTES) {
      setUploadError(message('assetTooLarge', locale, { max: ASSET_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    try {
      const asset = await upload.mutateAsync(file);
      onChange({ id: asset.id, url: asset.url });
    } catch (failure) {
      setUploadError(notificationText(failure, locale));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="space-y-2 sm:col-span-2">
      <p className="text-sm font-medium text-slate-800" id={`${id}-label`}>
        {labels.label}
      </p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div
          className={cn(
            'grid w-full shrink-0 place-items-center overflow-hidden rounded-xl border border-dashed border-slate-300 bg-slate-50',
            // A logo's one cell takes the box's height (not the image's): a large logo is shown whole.
            fit === 'cover'
              ? 'relative aspect-[16/9] sm:w-64'
              : 'h-28 grid-cols-[minmax(0,1fr)] grid-rows-[minmax(0,1fr)] p-3 sm:w-56',
          )}
          data-image-preview=""
        >
          {upload.isPending ? (
            <Spinner label={labels.uploading} />
          ) : url ? (
            <img
              src={url}
              alt={labels.alt}
              className={fit === 'cover' ? 'size-full object-cover' : 'size-full object-contain'}
            />
          ) : (
            <ImagePlus className="size-8 text-slate-400" aria-hidden="true" />
          )}
        </div>
        <div className="space-y-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept={ASSET_IMAGE_TYPES.join(',')}
            className="sr-only"
            aria-labelledby={`${id}-label`}
            onChange={(event) => void choose(event.target.files?.[0])}
            data-image-input=""
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => input.current?.click()}
              loading={upload.isPending}
            >
              <ImagePlus aria-hidden="true" />
              {url ? labels.change : labels.choose}
            </Button>
            {url ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setUploadError(null);
                  onChange(null);
                }}
              >
                <Trash2 aria-hidden="true" />
                {labels.remove}
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-slate-500">{labels.hint}</p>
          {shownError ? (
            <p className="text-[13px] font-medium text-red-600" role="alert" data-field-error="">
              {shownError}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
