import { type CertificateBatchDto, CERTIFICATE_BATCH_STATUSES, isAtLeastOrgManager } from '@inscrio/shared';
import { FileStack } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/feedback/error-state';
import { QueryStates } from '@/components/feedback/query-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DownloadButton } from '@/components/ui/download-button';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useAuth } from '@/lib/auth-store';
import { notify, notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import {
  batchFilePath,
  belcotaxPath,
  useCertificateBatches,
  usePeriodChoices,
  useStartBatch,
} from '../api/certificates';

const BADGE = { pending: 'secondary', running: 'default', ready: 'success', failed: 'destructive' } as const;

/** One batch: its title, its state, its progress « 120 / 480 » and, once ready, its file. */
function BatchRow({ batch }: { batch: CertificateBatchDto }) {
  const { t } = useTranslation('certificates');
  const locale = useLocale();
  const share = batch.total > 0 ? Math.round((batch.done / batch.total) * 100) : 0;
  const progress = t('bulk.progress', { done: batch.done, total: batch.total });
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
      data-batch={batch.id}
      data-status={batch.status}
    >
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={BADGE[batch.status]}>
            {CERTIFICATE_BATCH_STATUSES.label(batch.status, locale)}
          </Badge>
          <span className="font-semibold break-words text-slate-900">{batch.title}</span>
        </div>
        {batch.status === 'failed' ? (
          <p className="text-sm text-red-700">{t('bulk.failed')}</p>
        ) : (
          <div className="space-y-1">
            <div
              className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-label={batch.title}
              aria-valuemin={0}
              aria-valuemax={batch.total}
              aria-valuenow={batch.done}
              aria-valuetext={progress}
            >
              <div
                className="h-full rounded-full bg-brand-600 transition-all"
                style={{ width: `${share}%` }}
              />
            </div>
            <p className="text-sm text-slate-600 tabular-nums" data-batch-progress="">
              {progress}
            </p>
          </div>
        )}
      </div>
      {batch.status === 'ready' ? (
        <DownloadButton
          download={{ path: batchFilePath(batch.id), fallbackName: 'attestations.pdf' }}
          label={t('bulk.download')}
        />
      ) : null}
    </li>
  );
}

/**
 * Managers' bulk certificates: a period's health-mutual certificates, a year's 281.86 (Belgium) or payment
 * certificates (France, Luxembourg), generated in the background with their progress shown; the year's
 * Belcotax-on-web XML for organisation managers.
 */
export function CertificatesBulkPanel() {
  const { t } = useTranslation('certificates');
  const { user } = useAuth();
  const batches = useCertificateBatches();
  const periods = usePeriodChoices();
  const start = useStartBatch();
  const thisYear = new Date().getFullYear();
  // A year's certificates are issued once the year is over (its expenses are all known by then).
  const years = [thisYear - 1, thisYear - 2, thisYear - 3, thisYear - 4];
  const [periodId, setPeriodId] = useState('');
  const [year, setYear] = useState(thisYear - 1);
  const yearKind = batches.data?.yearKind ?? 'tax';

  const launch = (input: Parameters<typeof start.mutate>[0]) =>
    start.mutate(input, { onSuccess: () => notify.success(t('bulk.started')), onError: notifyError });

  return (
    <div className="space-y-6" data-certificates-bulk="">
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('bulk.mutualTitle')}</CardTitle>
            <CardDescription>{t('bulk.mutualText')}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            <FormField id="bulk-period" label={t('bulk.period')}>
              <Select id="bulk-period" value={periodId} onChange={(event) => setPeriodId(event.target.value)}>
                <option value="">{periods.isPending ? t('loading') : t('bulk.choosePeriod')}</option>
                {(periods.data?.items ?? []).map((period) => (
                  <option key={period.id} value={period.id}>
                    {period.name}
                  </option>
                ))}
              </Select>
            </FormField>
            {periods.isError ? <p className="text-sm text-red-700">{t('bulk.periodsError')}</p> : null}
            <Button
              className="w-full sm:w-auto"
              disabled={!periodId}
              loading={start.isPending}
              onClick={() => launch({ kind: 'health-mutual', periodId })}
            >
              {t('bulk.generate')}
            </Button>
          </CardContent>
        </Card>
        {isAtLeastOrgManager(user) ? (
          <Card>
            <CardHeader>
              <CardTitle>{t(`bulk.yearTitle.${yearKind}`)}</CardTitle>
              <CardDescription>{t(`bulk.yearText.${yearKind}`)}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-3">
              <FormField id="bulk-year" label={t('bulk.year')}>
                <Select id="bulk-year" value={year} onChange={(event) => setYear(Number(event.target.value))}>
                  {years.map((y) => (
                    <option key={y} value={y}>
                      {y}
                    </option>
                  ))}
                </Select>
              </FormField>
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                <Button loading={start.isPending} onClick={() => launch({ kind: yearKind, year })}>
                  {t('bulk.generate')}
                </Button>
                {yearKind === 'tax' ? (
                  <DownloadButton
                    download={{ path: belcotaxPath(year), fallbackName: `belcotax-281-86-${year}.xml` }}
                    label={t('bulk.belcotax')}
                    size="md"
                  />
                ) : null}
              </div>
            </CardContent>
          </Card>
        ) : null}
      </div>
      <section aria-labelledby="bulk-batches" className="space-y-3">
        <h2 id="bulk-batches" className="text-lg font-semibold text-slate-900">
          {t('bulk.batches')}
        </h2>
        <QueryStates
          query={batches}
          loadingLabel={t('loading')}
          isEmpty={(batches.data?.items.length ?? 0) === 0}
          empty={
            <EmptyState
              icon={<FileStack className="size-8" aria-hidden="true" />}
              title={t('bulk.empty')}
              text={t('bulk.emptyText')}
            />
          }
        >
          <ul className="space-y-2">
            {(batches.data?.items ?? []).map((batch) => (
              <BatchRow key={batch.id} batch={batch} />
            ))}
          </ul>
        </QueryStates>
      </section>
    </div>
  );
}
