import { ASSET_IMAGE_TYPES, ASSET_MAX_BYTES, message } from '@inscrio/shared';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { notificationText } from '@/lib/api-error';
import { useLocale } from '@/lib/use-locale';
import { useUploadAsset } from '@/lib/upload-asset';

/**
 * The logo printed on invoices, credit notes and certificates: uploaded at once (`POST /assets`), shown
 * from the address the API gives, saved with the form. PNG, JPEG or WebP up to 5 MB, checked here first.
 */
export function DocumentLogoField({
  url,
  onChange,
  error,
}: {
  url: string | null;
  onChange: (asset: { id: string; url: string } | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('organization-settings');
  const locale = useLocale();
  const upload = useUploadAsset();
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
        {t('billing.logo.label')}
      </p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div
          className="grid h-28 w-full shrink-0 place-items-center overflow-hidden rounded-xl border border-dashed border-slate-300 bg-slate-50 p-3 sm:w-56"
          data-logo-preview=""
        >
          {upload.isPending ? (
            <Spinner label={t('billing.logo.uploading')} />
          ) : url ? (
            <img src={url} alt={t('billing.logo.alt')} className="max-h-full max-w-full object-contain" />
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
            data-logo-input=""
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => input.current?.click()}
              loading={upload.isPending}
            >
              <ImagePlus aria-hidden="true" />
              {url ? t('billing.logo.change') : t('billing.logo.choose')}
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
                {t('billing.logo.remove')}
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-slate-500">{t('billing.logo.hint')}</p>
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
