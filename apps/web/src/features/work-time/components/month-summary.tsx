import type { WorkMonthDto } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { MonthStatusBadge, signedDuration, useWorkTexts } from './texts';

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="min-w-0 rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
      {detail ? <dd className="text-xs text-slate-500">{detail}</dd> : null}
    </div>
  );
}

/** The month's totals, its status (with the manager's note) and, for a volunteer, the allowance. */
export function MonthSummary({ month }: { month: WorkMonthDto }) {
  const { t } = useTranslation('work-time');
  const texts = useWorkTexts();
  const { totals, allowance } = month;
  return (
    <Card className="space-y-4 p-4 sm:p-5" data-month-summary="">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <MonthStatusBadge status={month.status} />
        {month.status === 'submitted' && month.submittedAt ? (
          <span>{t('status.submittedOn', { date: texts.instant(month.submittedAt) })}</span>
        ) : null}
        {month.status === 'validated' && month.decidedAt ? (
          <span>
            {t('status.validatedOn', { date: texts.instant(month.decidedAt), name: month.decidedBy ?? '—' })}
          </span>
        ) : null}
      </div>
      {month.status === 'rejected' && month.managerNote ? (
        <Alert tone="warning" data-manager-note="">
          {t('status.rejectedNote', { name: month.decidedBy ?? '—', note: month.managerNote })}
        </Alert>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure
          label={t('totals.total')}
          value={texts.duration(totals.totalMinutes)}
          detail={t('totals.days', { count: totals.daysWorked })}
        />
        <Figure
          label={t('totals.sessions')}
          value={texts.duration(totals.sessionMinutes)}
          detail={t('totals.sessionsCount', { count: totals.sessions })}
        />
        <Figure label={t('totals.corrections')} value={signedDuration(totals.correctionMinutes)} />
      </dl>
      {allowance ? (
        <div className="space-y-2 border-t border-slate-100 pt-3" data-allowance="">
          <p className="text-sm font-semibold text-slate-900">
            {t('allowance.due')} : <span className="tabular-nums">{texts.money(allowance.dueCents)}</span>
          </p>
          <p className="text-xs text-slate-600">
            {t(`allowance.units_${allowance.basis}`, {
              count: allowance.units,
              rate: texts.money(allowance.rateCents),
            })}
            {' · '}
            {t('allowance.yearToDate', {
              amount: texts.money(allowance.yearToDateCents),
              ceiling: texts.money(allowance.yearlyCeilingCents),
            })}
          </p>
          {month.warnings.map((warning) => (
            <Alert key={warning} tone="warning" data-warning={warning}>
              {t(`allowance.warnings.${warning}`, {
                ceiling: texts.money(
                  warning === 'daily-ceiling' ? allowance.dailyCeilingCents : allowance.yearlyCeilingCents,
                ),
              })}
            </Alert>
          ))}
        </div>
      ) : null}
    </Card>
  );
}
