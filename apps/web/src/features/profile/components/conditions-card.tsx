import { Check, FileCheck2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, formatDateTime } from '@/lib/dates';
import { notify, notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { type Condition, type ConditionKind, useAcceptConditions, useConditions } from '@/features/documents';
import { useTimeZone } from '@/lib/use-time-zone';

function ConditionRow({
  kind,
  condition,
  accepting,
  onAccept,
}: {
  kind: ConditionKind;
  condition: Condition;
  accepting: boolean;
  onAccept: () => void;
}) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const published = condition.publishedAt;
  const accepted = condition.acceptedAt;

  let status: { variant: 'success' | 'warning' | 'secondary'; label: string };
  if (!published) status = { variant: 'secondary', label: t('conditions.notPublished') };
  else if (condition.mustAccept) status = { variant: 'warning', label: t('conditions.toAccept') };
  else status = { variant: 'success', label: t('conditions.accepted') };

  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center" data-condition={kind}>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {t(`conditions.${kind}`)}
          {published ? <Badge variant={status.variant}>{status.label}</Badge> : null}
        </p>
        {!published ? (
          <p className="text-sm text-slate-500">{status.label}</p>
        ) : (
          <p className="text-sm text-slate-600">
            {accepted
              ? t('conditions.acceptedOn', { date: formatDateTime(accepted, timeZone, locale) })
              : t('conditions.notAccepted')}
            {'. '}
            {condition.mustAccept && accepted
              ? t('conditions.newVersion', { date: formatDate(published, timeZone, locale) })
              : t('conditions.publishedOn', { date: formatDate(published, timeZone, locale) })}
          </p>
        )}
      </div>
      {published && condition.mustAccept ? (
        <Button size="sm" loading={accepting} onClick={onAccept} className="self-start sm:self-center">
          <Check aria-hidden="true" />
          {kind === 'roi' ? t('conditions.acceptRoi') : t('conditions.acceptLegalMentions')}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * The organisation's rules of procedure (ROI) and legal mentions (`GET /me/conditions`): when each was
 * accepted (the ROI's is the account's `hasAcceptedROIAt`), and the buttons to accept a version in force that is not accepted yet.
 */
export function ConditionsCard({ id }: { id: string }) {
  const { t } = useTranslation('profile');
  const query = useConditions();
  const accept = useAcceptConditions();

  const onAccept = async (kind: ConditionKind, documentId: string | null) => {
    try {
      await accept.mutateAsync([{ kind, documentId }]);
      notify.success(t('conditions.acceptedToast'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Card id={id} className="scroll-mt-6" data-conditions="">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileCheck2 className="size-4 text-slate-500" aria-hidden="true" />
          {t('conditions.title')}
        </CardTitle>
        <CardDescription>{t('conditions.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label={t('conditions.loading')} />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {(['roi', 'legalMentions'] as const).map((kind) => (
              <ConditionRow
                key={kind}
                kind={kind}
                condition={query.data[kind]}
                accepting={accept.isPending && accept.variables[0]?.kind === kind}
                onAccept={() => void onAccept(kind, query.data[kind].documentId)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
