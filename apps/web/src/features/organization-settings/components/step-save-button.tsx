import { Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * « Enregistrer » at the foot of a step saved through `PATCH /organizations/{id}` (general, payment,
 * billing): enabled once the form changed, busy while it is sent; `data-save-<step>` for the browser tests.
 */
export function StepSaveButton({
  step,
  dirty,
  submitting,
}: {
  step: 'general' | 'payment' | 'billing';
  dirty: boolean;
  submitting: boolean;
}) {
  const { t } = useTranslation('organization-settings');
  return (
    <div className="flex justify-end">
      <Button
        type="submit"
        loading={submitting}
        disabled={!dirty && !submitting}
        {...{ [`data-save-${step}`]: '' }}
      >
        <Save aria-hidden="true" />
        {t('save')}
      </Button>
    </div>
  );
}
