import { Check, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { DownloadButton } from '@/components/ui/download-button';
import { formatDate } from '@/lib/dates';
import { notify, notifyError } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { signOut } from '@/lib/session';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { type ConditionKind, type Condition, useAcceptConditions, useConditions } from '../api/conditions';

function ConditionItem({ kind, condition }: { kind: ConditionKind; condition: Condition }) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const date = condition.publishedAt ? formatDate(condition.publishedAt, timeZone, locale) : '';
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-slate-200 px-4 py-3"
      data-pending-condition={kind}
    >
      <p className="font-medium text-slate-900">{t(`conditions.${kind}`)}</p>
      <p className="text-sm text-slate-600">
        {condition.version !== null
          ? t('conditions.version', { version: condition.version, date })
          : t('conditions.published', { date })}
      </p>
      {condition.documentId ? (
        <DownloadButton
          download={{
            path: `/documents/${encodeURIComponent(condition.documentId)}/file`,
            fallbackName: `${kind}.pdf`,
          }}
          label={t('conditions.read')}
          className="self-start"
        />
      ) : null}
    </li>
  );
}

/**
 * After sign-in, while the club's rules of procedure or legal mentions in force are not accepted (a new
 * version was published), a dialog that cannot be dismissed shows them, with the document to read, until
 * the member accepts or signs out.
 */
export function PendingConditionsDialog() {
  const { t } = useTranslation('documents');
  const navigate = useNavigate();
  const query = useConditions();
  const accept = useAcceptConditions();
  const [leaving, setLeaving] = useState(false);
  const conditions = query.data;
  const pending = conditions
    ? (['roi', 'legalMentions'] as const).filter((kind) => conditions[kind].mustAccept)
    : [];
  if (!conditions || pending.length === 0) return null;

  const onAccept = () =>
    accept.mutate(
      pending.map((kind) => ({ kind, documentId: conditions[kind].documentId })),
      {
        onSuccess: () => notify.success(t('conditions.accepted')),
        onError: notifyError,
      },
    );
  const onSignOut = async () => {
    setLeaving(true);
    await signOut();
    navigate(paths.login.to(), { replace: true });
  };

  return (
    <Dialog
      open
      dismissible={false}
      title={t('conditions.title')}
      description={t('conditions.description')}
      footer={
        <>
          <Button variant="secondary" onClick={() => void onSignOut()} loading={leaving}>
            <LogOut aria-hidden="true" />
            {t('conditions.signOut')}
          </Button>
          <Button onClick={onAccept} loading={accept.isPending} data-accept-conditions="">
            <Check aria-hidden="true" />
            {t('conditions.accept')}
          </Button>
        </>
      }
    >
      <ul className="space-y-3">
        {pending.map((kind) => (
          <ConditionItem key={kind} kind={kind} condition={conditions[kind]} />
        ))}
      </ul>
    </Dialog>
  );
}
