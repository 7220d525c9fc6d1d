import { formatMoney, type HealthMutualOption, type YearOption } from '@inscrio/shared';
import { FileBadge } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/feedback/error-state';
import { QueryStates } from '@/components/feedback/query-states';
import { Button } from '@/components/ui/button';
import { DownloadButton } from '@/components/ui/download-button';
import { formatDate } from '@/lib/dates';
import { notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import {
  certificateFilePath,
  useFamilyCertificates,
  useRequestHealthMutual,
  useRequestYearCertificate,
} from '../api/certificates';
import { TaxIdentityDialog } from './tax-identity-dialog';

function useDay() {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (iso: string) => formatDate(new Date(`${iso}T12:00:00Z`), timeZone, locale);
}

/** The original and a copy marked duplicate of an issued certificate, under its number. */
function CertificateDownloads({ id, number }: { id: string; number: string }) {
  const { t } = useTranslation('certificates');
  return (
    <div className="space-y-2 sm:text-right" data-certificate={number}>
      <p className="text-xs font-medium text-slate-500 tabular-nums">{t('family.number', { number })}</p>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <DownloadButton
          download={{ path: certificateFilePath(id), fallbackName: `${number}.pdf` }}
          label={t('family.download')}
          variant="primary"
        />
        <DownloadButton
          download={{
            path: certificateFilePath(id),
            query: { duplicate: true },
            fallbackName: `${number}.pdf`,
          }}
          label={t('family.duplicate')}
        />
      </div>
    </div>
  );
}

function HealthMutualRow({ option }: { option: HealthMutualOption }) {
  const { t } = useTranslation('certificates');
  const locale = useLocale();
  const day = useDay();
  const request = useRequestHealthMutual();
  const activity = option.periodName ? `${option.activityName} — ${option.periodName}` : option.activityName;
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
      data-health-mutual-option={option.blueprintId}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold break-words text-slate-900">{activity}</p>
        <p className="text-sm text-slate-600">
          {option.memberName} · {t('family.dates', { from: day(option.firstDate), to: day(option.lastDate) })}
        </p>
        <p className="text-sm font-medium text-slate-800 tabular-nums">
          {t('family.paid', { amount: formatMoney(option.paidCents, locale) })}
        </p>
      </div>
      {option.certificate && !option.certificateOutdated ? (
        <CertificateDownloads id={option.certificate.id} number={option.certificate.number} />
      ) : (
        <div className="space-y-2 sm:text-right">
          {option.certificate ? (
            <>
              <p className="text-xs text-amber-800" data-certificate-outdated="">
                {t('family.outdated')}
              </p>
              <p className="text-xs font-medium text-slate-500 tabular-nums">
                {t('family.number', { number: option.certificate.number })}
              </p>
            </>
          ) : null}
          <Button
            loading={request.isPending}
            className="h-auto min-h-11 w-full py-2 whitespace-normal sm:w-auto"
            onClick={() =>
              request.mutate(
                { memberId: option.memberId, blueprintId: option.blueprintId, periodId: option.periodId },
                { onError: notifyError },
              )
            }
          >
            {t(option.certificate ? 'family.requestUpdated' : 'family.request')}
          </Button>
        </div>
      )}
    </li>
  );
}

function YearRow({ option, kind }: { option: YearOption; kind: 'tax' | 'payment' }) {
  const { t } = useTranslation('certificates');
  const locale = useLocale();
  const request = useRequestYearCertificate();
  const [identityOpen, setIdentityOpen] = useState(false);
  const ask = () =>
    request.mutate({ memberId: option.memberId, year: option.year }, { onError: notifyError });
  const needsIdentity = kind === 'tax' && !option.identityOnFile;
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
      data-year-option={`${option.memberId}-${option.year}`}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold text-slate-900">
          {option.memberName} · {option.year}
        </p>
        <p className="text-sm text-slate-600 tabular-nums">
          {t('family.paidInYear', { amount: formatMoney(option.paidCents, locale) })}
        </p>
      </div>
      {option.certificates.length > 0 ? (
        <div className="space-y-2">
          {option.certificates.map((c) => (
            <CertificateDownloads key={c.id} id={c.id} number={c.number} />
          ))}
        </div>
      ) : !option.yearEnded ? (
        <p className="text-sm text-slate-600 sm:max-w-56 sm:text-right">
          {t('family.availableFrom', { year: option.year + 1 })}
        </p>
      ) : needsIdentity ? (
        <>
          <Button
            variant="secondary"
            className="h-auto min-h-11 w-full py-2 whitespace-normal sm:w-auto"
            onClick={() => setIdentityOpen(true)}
          >
            {t('family.giveNumbers')}
          </Button>
          <TaxIdentityDialog
            memberId={option.memberId}
            memberName={option.memberName}
            open={identityOpen}
            onOpenChange={setIdentityOpen}
            onSaved={ask}
          />
        </>
      ) : (
        <Button loading={request.isPending} className="w-full sm:w-auto" onClick={ask}>
          {t('family.request')}
        </Button>
      )}
    </li>
  );
}

/**
 * The family's certificates: a health-mutual certificate for each paid registration (member and
 * activity or period), and each child's year certificate (281.86 in Belgium, for which the national
 * register numbers are asked first; a payment certificate in France and Luxembourg). Issued on request,
 * then downloaded as often as needed, the original or a duplicate.
 */
export function FamilyCertificatesPanel() {
  const { t } = useTranslation('certificates');
  const query = useFamilyCertificates();
  const data = query.data;
  const empty = !!data && data.healthMutual.length === 0 && data.years.length === 0;
  return (
    <QueryStates
      query={query}
      loadingLabel={t('loading')}
      isEmpty={empty}
      empty={
        <EmptyState
          icon={<FileBadge className="size-8" aria-hidden="true" />}
          title={t('family.empty')}
          text={t('family.emptyText')}
        />
      }
    >
      {data ? (
        <div className="space-y-8" data-family-certificates="">
          {data.healthMutual.length > 0 ? (
            <section aria-labelledby="certificates-mutual" className="space-y-3">
              <h2 id="certificates-mutual" className="text-lg font-semibold text-slate-900">
                {t('family.mutualTitle')}
              </h2>
              <p className="text-sm text-slate-600">{t('family.mutualText')}</p>
              <ul className="space-y-2">
                {data.healthMutual.map((option) => (
                  <HealthMutualRow
                    key={`${option.memberId}-${option.blueprintId}-${option.periodId}`}
                    option={option}
                  />
                ))}
              </ul>
            </section>
          ) : null}
          {data.years.length > 0 ? (
            <section aria-labelledby="certificates-years" className="space-y-3">
              <h2 id="certificates-years" className="text-lg font-semibold text-slate-900">
                {t(`family.yearTitle.${data.yearKind}`)}
              </h2>
              <p className="text-sm text-slate-600">{t(`family.yearText.${data.yearKind}`)}</p>
              <ul className="space-y-2">
                {data.years.map((option) => (
                  <YearRow key={`${option.memberId}-${option.year}`} option={option} kind={data.yearKind} />
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      ) : null}
    </QueryStates>
  );
}
