import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { notificationText } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';

/**
 * An action on an organisation behind its confirmation dialog: the button, the dialog saying what will
 * happen, and the confirmation that runs it (a refusal is notified, the dialog stays open).
 */
export function ActionDialog({
  trigger,
  title,
  text,
  confirmLabel,
  success,
  danger = false,
  run,
  isPending,
  children,
  disabled = false,
}: {
  trigger: ReactNode;
  title: string;
  text: string;
  confirmLabel: string;
  success: string;
  danger?: boolean;
  run: () => Promise<unknown>;
  isPending: boolean;
  children?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation('platform-organizations');
  const locale = useLocale();
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    try {
      await run();
      setOpen(false);
      notify.success(success);
    } catch (error) {
      notify.error(notificationText(error, locale));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={title}
      description={text}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('actions.cancel')}
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            loading={isPending}
            disabled={disabled}
            onClick={() => void confirm()}
            data-confirm-action=""
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
