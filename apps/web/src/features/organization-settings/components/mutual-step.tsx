import {
  type MutualImage,
  MUTUAL_IMAGE_MAX_BYTES,
  MUTUAL_IMAGE_TYPES,
  type MutualProfile,
  mutualProfileSchema,
  TEXT_LIMITS,
} from '@inscrio/shared';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { notificationText } from '@/lib/api-error';
import { fieldMessages } from '@/lib/form-errors';
import { notify, notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import {
  useMutualProfile,
  useRemoveMutualImage,
  useSaveMutualProfile,
  useMutualImageSource,
  useUploadMutualImage,
} from '../api/mutual-profile';
import { SettingsCard, SettingsSaveButton } from './settings-card';

/** The seal or the signature: shown on a checkered background so that a transparent PNG looks transparent. */
function StampField({
  organizationId,
  image,
  profile,
}: {
  organizationId: string;
  image: MutualImage;
  profile: MutualProfile;
}) {
  const { t } = useTranslation('organization-settings');
  const locale = useLocale();
  const upload = useUploadMutualImage(organizationId);
  const remove = useRemoveMutualImage(organizationId);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const current = image === 'seal' ? profile.seal : profile.signature;
  const shown = useMutualImageSource(organizationId, image, current?.id ?? null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    // Checked here first for a quick answer; the API decides by the file's content.
    if (!(MUTUAL_IMAGE_TYPES as readonly string[]).includes(file.type)) setError(t('mutual.imageType'));
    else if (file.size > MUTUAL_IMAGE_MAX_BYTES) setError(t('mutual.imageTooLarge'));
    else {
      try {
        await upload.mutateAsync({ image, file });
        notify.success(t(`mutual.${image}.saved`));
      } catch (failure) {
        setError(notificationText(failure, locale));
      }
    }
    if (input.current) input.current.value = '';
  };

  return (
    <div className="space-y-2" data-mutual-image={image}>
      <p className="text-sm font-medium text-slate-800" id={`${id}-label`}>
        {t(`mutual.${image}.label`)}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div
          className="grid h-32 w-full shrink-0 place-items-center overflow-hidden rounded-xl border border-dashed border-slate-300 bg-[length:16px_16px] p-3 sm:w-48"
          style={{ backgroundImage: 'repeating-conic-gradient(#f1f5f9 0% 25%, #ffffff 0% 50%)' }}
        >
          {upload.isPending ? (
            <Spinner label={t('mutual.uploading')} />
          ) : current && shown.source ? (
            <img
              src={shown.source}
              alt={t(`mutual.${image}.alt`)}
              className="max-h-[6.5rem] max-w-full object-contain"
            />
          ) : current && shown.failed ? (
            <p className="text-center text-xs text-slate-500">{t('mutual.imageUnavailable')}</p>
          ) : current ? (
            <Spinner label={t('mutual.imageLoading')} />
          ) : (
            <ImagePlus className="size-8 text-slate-400" aria-hidden="true" />
          )}
        </div>
        <div className="space-y-2">
          <input
            ref={input}
            type="file"
            accept={MUTUAL_IMAGE_TYPES.join(',')}
            className="sr-only"
            aria-labelledby={`${id}-label`}
            onChange={(event) => void choose(event.target.files?.[0])}
            data-mutual-input={image}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => input.current?.click()}
              loading={upload.isPending}
            >
              <ImagePlus aria-hidden="true" />
              {current ? t('mutual.change') : t('mutual.choose')}
            </Button>
            {current ? (
              <Button
                variant="ghost"
                size="sm"
                loading={remove.isPending}
                onClick={() => remove.mutate(image, { onError: notifyError })}
              >
                <Trash2 aria-hidden="true" />
                {t('mutual.remove')}
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-slate-500">{t('mutual.imageHint')}</p>
          {error ? (
            <p className="text-[13px] font-medium text-red-600" role="alert" data-field-error="">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

type TextField = 'recognitionText' | 'signatoryName' | 'signatoryRole' | 'taxApprovalBody';

function TextsForm({ organizationId, profile }: { organizationId: string; profile: MutualProfile }) {
  const { t } = useTranslation('organization-settings');
  const locale = useLocale();
  const save = useSaveMutualProfile(organizationId);
  const [values, setValues] = useState<Record<TextField, string>>({
    recognitionText: profile.recognitionText ?? '',
    signatoryName: profile.signatoryName ?? '',
    signatoryRole: profile.signatoryRole ?? '',
    taxApprovalBody: profile.taxApprovalBody ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<TextField, string>>>({});
  const set = (field: TextField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = mutualProfileSchema(locale).safeParse(values);
    if (!parsed.success) {
      setErrors(fieldMessages<TextField>(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: () => notify.success(t('mutual.saved')), onError: notifyError });
  };

  const line = (field: Exclude<TextField, 'recognitionText'>, max: number) => (
    <FormField id={`mutual-${field}`} label={t(`mutual.${field}`)} error={errors[field]}>
      <Input
        id={`mutual-${field}`}
        value={values[field]}
        maxLength={max}
        onChange={(event) => set(field, event.target.value)}
        aria-invalid={errors[field] ? true : undefined}
      />
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-mutual-texts="">
      <FormField
        id="mutual-recognitionText"
        label={t('mutual.recognitionText')}
        hint={t('mutual.recognitionHint')}
        error={errors.recognitionText}
      >
        <Textarea
          id="mutual-recognitionText"
          rows={3}
          value={values.recognitionText}
          maxLength={TEXT_LIMITS.note}
          onChange={(event) => set('recognitionText', event.target.value)}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        {line('signatoryName', TEXT_LIMITS.personName)}
        {line('signatoryRole', TEXT_LIMITS.name)}
      </div>
      {line('taxApprovalBody', TEXT_LIMITS.organizationName)}
      <SettingsSaveButton pending={save.isPending}>{t('save')}</SettingsSaveButton>
    </form>
  );
}

/**
 * « Attestations de mutuelle »: the seal and the signature printed on every certificate (PNG or JPEG,
 * transparency kept), the federation or municipal recognition, the signatory, and the body approving
 * the childcare for the 281.86. Complete once the seal and the signature are set (spec section 5).
 */
export function MutualStep({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organization-settings');
  const query = useMutualProfile(organizationId);
  return (
    <SettingsCard
      marker="mutual-card"
      title={t('mutual.title')}
      description={t('mutual.description')}
      errorTitle={t('mutual.error')}
      query={query}
      placeholderClassName="h-48"
      contentClassName="space-y-6"
    >
      {(profile) => (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <StampField organizationId={organizationId} image="seal" profile={profile} />
            <StampField organizationId={organizationId} image="signature" profile={profile} />
          </div>
          <TextsForm organizationId={organizationId} profile={profile} />
        </>
      )}
    </SettingsCard>
  );
}
