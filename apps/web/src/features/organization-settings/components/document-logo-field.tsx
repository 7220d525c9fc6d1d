import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '@/components/ui/image-upload-field';

/** The logo printed on invoices, credit notes and certificates, shown whole. */
export function DocumentLogoField(props: {
  url: string | null;
  onChange: (asset: { id: string; url: string } | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('organization-settings');
  return (
    <ImageUploadField
      {...props}
      fit="contain"
      labels={{
        label: t('billing.logo.label'),
        choose: t('billing.logo.choose'),
        change: t('billing.logo.change'),
        remove: t('billing.logo.remove'),
        uploading: t('billing.logo.uploading'),
        alt: t('billing.logo.alt'),
        hint: t('billing.logo.hint'),
      }}
    />
  );
}
