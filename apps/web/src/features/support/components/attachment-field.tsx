import { SUPPORT_ATTACHMENT_MAX_BYTES } from '@inscrio/shared';
import { Paperclip, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/webp';

/**
 * The optional attachment of a message: a PDF or an image, 5 MB at most. The size is checked here to
 * spare the upload; the type is checked by the API on the file's content.
 */
export function AttachmentField({
  file,
  onChange,
  error,
  onError,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  error: string | null;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation('support');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <label
          htmlFor={id}
          className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 shadow-xs hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-600"
        >
          <Paperclip className="size-4" aria-hidden="true" />
          {t('attachment.choose')}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          data-support-attachment-input=""
          onChange={(event) => {
            const picked = event.target.files?.[0] ?? null;
            if (picked && picked.size > SUPPORT_ATTACHMENT_MAX_BYTES) {
              onError(t('attachment.tooLarge'));
              onChange(null);
              event.target.value = '';
              return;
            }
            onError(null);
            onChange(picked);
          }}
        />
        {file ? (
          <span className="inline-flex max-w-full min-w-0 items-center gap-1 text-sm text-slate-700">
            <span className="truncate">{file.name}</span>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('attachment.remove')}
              onClick={() => {
                onChange(null);
                if (input.current) input.current.value = '';
              }}
            >
              <X aria-hidden="true" />
            </Button>
          </span>
        ) : (
          <span className="text-xs text-slate-500">{t('attachment.hint')}</span>
        )}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
