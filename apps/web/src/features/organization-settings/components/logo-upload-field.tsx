import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '@/components/ui/image-upload-field';

/**
 * An organisation's logo, shown whole: `general` the organisation's own (header, menu, e-mails; stored at
 * the logo's size), `billing` the one printed on invoices, credit notes and certificates.
 */
export function LogoUploadField({
  texts,
  ...props
}: {
  texts: 'general' | 'billing';
  url: string | null;
  onChange: (asset: { id: string; url: string } | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('organization-settings');
  return (
    <ImageUploadField
      {...props}
      fit="contain"
      purpose={texts === 'general' ? 'logo' : undefined}
      labels={{
        label: t(`${texts}.logo.label`),
        choose: t(`${texts}.logo.choose`),
        change: t(`${texts}.logo.change`),
        remove: t(`${texts}.logo.remove`),
        uploading: t(`${texts}.logo.uploading`),
        alt: t(`${texts}.logo.alt`),
        hint: t(`${texts}.logo.hint`),
      }}
    />
  );
}
