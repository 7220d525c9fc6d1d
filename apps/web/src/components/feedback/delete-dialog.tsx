import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { ErrorCode } from '@inscrio/shared';
import { isApiError, notificationText } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';

/** The refusals that say what still depends on the record: explained inside the dialog. */
const DELETE_REFUSALS: ReadonlySet<ErrorCode | undefined> = new Set<ErrorCode>([
  'default_establishment_undeletable',
  'establishment_in_use',
  'blueprint_has_sessions',
  'period_has_sessions',
]);

export interface DeleteTexts {
  /** The button that opens the dialog. */
  action: string;
  title: string;
  text: string;
  /** Shown in the dialog until a refusal replaces it. */
  hint?: string;
  cancel: string;
  confirm: string;
  /** Notified once deleted. */
  success: string;
}

/**
 * « Supprimer » and its confirmation dialog, for a record with a page of its own: once deleted, says
 * so and goes to `then` (the list). A refusal because something still depends on the record is
 * explained inside the dialog; any other failure is notified.
 */
export function DeleteDialog({
  texts,
  remove,
  isPending,
  then,
}: {
  texts: DeleteTexts;
  remove: () => Promise<unknown>;
  isPending: boolean;
  then: string;
}) {
  const locale = useLocale();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);

  const confirm = async () => {
    setConflict(null);
    try {
      await remove();
      setOpen(false);
      notify.success(texts.success);
      await navigate(then);
    } catch (error) {
      if (isApiError(error) && DELETE_REFUSALS.has(error.code)) setConflict(notificationText(error, locale));
      else notify.error(notificationText(error, locale));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setConflict(null);
      }}
      trigger={
        <Button variant="ghost" className="text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden="true" />
          {texts.action}
        </Button>
      }
      title={texts.title}
      description={texts.text}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {texts.cancel}
          </Button>
          <Button variant="danger" loading={isPending} onClick={() => void confirm()}>
            {texts.confirm}
          </Button>
        </>
      }
    >
      {conflict ? (
        <Alert tone="error" data-delete-conflict="">
          {conflict}
        </Alert>
      ) : texts.hint ? (
        <p className="text-sm text-slate-600">{texts.hint}</p>
      ) : null}
    </Dialog>
  );
}
