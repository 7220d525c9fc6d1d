import { type AssetPurpose, isCustomButtonVisible, websiteSettingsSchema, withHttps } from '@inscrio/shared';
import { Eye } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox';
import { FormField, TextField } from '@/components/ui/form-field';
import { ImageUploadField } from '@/components/ui/image-upload-field';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-error';
import { DEFAULT_TIME_ZONE } from '@/lib/dates';
import { notify, notifyError } from '@/lib/notify';
import { useAddressOrganization } from '@/lib/organization-context';
import { useLocale } from '@/lib/use-locale';
import { fieldMessages } from '@/lib/form-errors';
import {
  type PublicWebsite,
  usePublicWebsite,
  useSaveWebsiteSettings,
  useWebsiteSettings,
  type WebsiteSettings,
} from '../api/website';
import { RichTextEditor } from './rich-text-editor';
import { WebsiteView } from './website-view';

type TextKey =
  | 'title'
  | 'description'
  | 'contactEmail'
  | 'contactPhone'
  | 'contactFacebook'
  | 'contactInstagram'
  | 'customButtonName'
  | 'customButtonURL';
type ImageKey = 'logo' | 'background' | 'favicon';

interface Values extends Record<TextKey, string> {
  enabled: boolean;
  showCustomButton: boolean;
  images: Record<ImageKey, { id: string; url: string } | null>;
}

const toValues = (s: WebsiteSettings): Values => ({
  enabled: s.enabled,
  showCustomButton: s.showCustomButton,
  title: s.title ?? '',
  description: s.description ?? '',
  contactEmail: s.contactEmail ?? '',
  contactPhone: s.contactPhone ?? '',
  contactFacebook: s.contactFacebook ?? '',
  contactInstagram: s.contactInstagram ?? '',
  customButtonName: s.customButtonName ?? '',
  customButtonURL: s.customButtonURL ?? '',
  images: {
    logo: s.logoAsset && s.logoUrl ? { id: s.logoAsset, url: s.logoUrl } : null,
    background: s.backgroundAsset && s.backgroundUrl ? { id: s.backgroundAsset, url: s.backgroundUrl } : null,
    favicon: s.faviconAsset && s.faviconUrl ? { id: s.faviconAsset, url: s.faviconUrl } : null,
  },
});

const toPayload = (v: Values) => ({
  enabled: v.enabled,
  showCustomButton: v.showCustomButton,
  title: v.title,
  description: v.description,
  contactEmail: v.contactEmail,
  contactPhone: v.contactPhone,
  contactFacebook: v.contactFacebook,
  contactInstagram: v.contactInstagram,
  customButtonName: v.customButtonName,
  customButtonURL: v.customButtonURL,
  logoAsset: v.images.logo?.id ?? null,
  backgroundAsset: v.images.background?.id ?? null,
  faviconAsset: v.images.favicon?.id ?? null,
});

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The page as the form describes it, with the club's activities and places as they are now. */
function previewOf(
  values: Values,
  organizationName: string,
  current: PublicWebsite | undefined,
): PublicWebsite {
  const button = {
    showCustomButton: values.showCustomButton,
    customButtonName: values.customButtonName,
    customButtonURL: values.customButtonURL,
  };
  const web = (value: string) => (value.trim() ? withHttps(value.trim()) : null);
  return {
    enabled: true,
    title: blankToNull(values.title) ?? organizationName,
    description: values.description,
    faviconAsset: values.images.favicon?.id ?? null,
    logoAsset: values.images.logo?.id ?? null,
    backgroundAsset: values.images.background?.id ?? null,
    faviconUrl: values.images.favicon?.url ?? null,
    logoUrl: values.images.logo?.url ?? null,
    backgroundUrl: values.images.background?.url ?? null,
    contactEmail: blankToNull(values.contactEmail),
    contactPhone: blankToNull(values.contactPhone),
    contactFacebook: web(values.contactFacebook),
    contactInstagram: web(values.contactInstagram),
    showCustomButton: values.showCustomButton,
    customButtonName: blankToNull(values.customButtonName),
    customButtonURL: web(values.customButtonURL),
    customButton: isCustomButtonVisible(button)
      ? { name: values.customButtonName.trim(), url: withHttps(values.customButtonURL.trim()) }
      : null,
    establishments: current?.establishments ?? [],
    activities: current?.activities ?? [],
  };
}

function WebsiteForm({ settings }: { settings: WebsiteSettings }) {
  const { t } = useTranslation('website');
  const locale = useLocale();
  const organization = useAddressOrganization();
  const current = usePublicWebsite(organization?.id);
  const save = useSaveWebsiteSettings();
  const [values, setValues] = useState<Values>(() => toValues(settings));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  useEffect(() => setValues(toValues(settings)), [settings]);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const preview = useMemo(
    () => previewOf(values, organization?.name ?? '', current.data),
    [values, organization?.name, current.data],
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const payload = toPayload(values);
    const parsed = websiteSettingsSchema(locale).safeParse(payload);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notify.success(t('step.saved')),
      onError: (error) => {
        if (error instanceof ApiError && error.details.length > 0) {
          const found: Record<string, string> = {};
          for (const detail of error.details) found[detail.field] ??= detail.message;
          setErrors(found);
        }
        notifyError(error);
      },
    });
  };

  const text = (key: Exclude<TextKey, 'description'>, type = 'text', hint?: string) => (
    <TextField
      id={`website-${key}`}
      label={t(`step.${key}`)}
      type={type}
      value={values[key]}
      onChange={(event) => set(key, event.target.value)}
      error={errors[key]}
      hint={hint}
    />
  );
  const image = (key: ImageKey, purpose: AssetPurpose) => (
    <ImageUploadField
      url={values.images[key]?.url ?? null}
      onChange={(asset) => set('images', { ...values.images, [key]: asset })}
      error={errors[`${key}Asset`]}
      fit={key === 'background' ? 'cover' : 'contain'}
      purpose={purpose}
      labels={{
        label: t(`step.images.${key}.label`),
        choose: t('step.images.choose'),
        change: t('step.images.change'),
        remove: t('step.images.remove'),
        uploading: t('step.images.uploading'),
        alt: t(`step.images.${key}.label`),
        hint: t(`step.images.${key}.hint`),
      }}
    />
  );

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
      <form onSubmit={submit} noValidate className="space-y-5" data-website-form="">
        <CheckboxField
          label={t('step.enabled')}
          hint={t('step.enabledHint')}
          checked={values.enabled}
          onChange={(event) => set('enabled', event.target.checked)}
          data-website-enabled=""
        />
        {text('title')}
        <FormField id="website-description" label={t('step.description')} error={errors.description}>
          <RichTextEditor
            id="website-description"
            label={t('step.description')}
            value={values.description}
            onChange={(html) => set('description', html)}
            invalid={!!errors.description}
          />
        </FormField>
        {image('logo', 'logo')}
        {image('background', 'background')}
        {image('favicon', 'favicon')}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('contactEmail', 'email')}
          {text('contactPhone', 'tel')}
          {text('contactFacebook', 'text', t('step.webHint'))}
          {text('contactInstagram', 'text', t('step.webHint'))}
        </div>
        <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">{t('step.customButton')}</legend>
          <CheckboxField
            label={t('step.showCustomButton')}
            hint={t('step.customButtonHint')}
            checked={values.showCustomButton}
            onChange={(event) => set('showCustomButton', event.target.checked)}
          />
          {text('customButtonName')}
          {text('customButtonURL', 'text', t('step.webHint'))}
        </fieldset>
        <div className="flex justify-end">
          <Button type="submit" size="lg" loading={save.isPending} className="w-full sm:w-auto">
            {t('step.save')}
          </Button>
        </div>
      </form>
      <section aria-label={t('step.preview')} className="min-w-0 space-y-2" data-website-preview="">
        <p className="flex items-center gap-2 text-sm font-semibold text-slate-700">
          <Eye className="size-4" aria-hidden="true" />
          {t('step.preview')}
          {!values.enabled ? (
            <span className="font-normal text-amber-700">· {t('step.previewDisabled')}</span>
          ) : null}
        </p>
        <div
          className="max-h-[48rem] overflow-auto rounded-2xl border border-slate-200 bg-slate-50 p-3 sm:p-4"
          inert
        >
          <WebsiteView website={preview} timeZone={organization?.timeZone ?? DEFAULT_TIME_ZONE} preview />
        </div>
      </section>
    </div>
  );
}

/** « Site web »: the public website's settings (spec section 3) with a live preview of `/discover`. */
export function WebsiteStep() {
  const { t } = useTranslation('website');
  const query = useWebsiteSettings();
  return (
    <Card data-website-card="">
      <CardHeader>
        <CardTitle>{t('step.heading')}</CardTitle>
        <CardDescription>{t('step.description_help')}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-96 w-full" />
        ) : query.isError ? (
          <ErrorState title={t('step.error')} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <WebsiteForm settings={query.data} />
        )}
      </CardContent>
    </Card>
  );
}
