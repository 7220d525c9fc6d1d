import { formatDuration, type PlanNextInput, planNextSchema, PLAN_NEXT_MAX_WEEKS } from '@inscrio/shared';
import { ArrowRight, CopyPlus } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { type Column, DataTable } from '@/components/lists/data-table';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { formatDateTime, formatPattern } from '@/lib/dates';
import { notify, notifyError } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { usePeriod } from '../api/period';
import { usePlanNext, usePlanNextPreview } from '../api/plan-next';
import type { Period, PlanNextPreview } from '../api/types';
import { useTimeZone } from '@/lib/use-time-zone';
import { PeriodDates } from './period-dates';
import { instantToLocal, openingOf } from './period-form-model';

interface PlanValues {
  weeks: string;
  name: string;
  opensDate: string;
  opensTime: string;
  registrationOpensAt?: string;
}

const wholeWeeks = (text: string): number | undefined => {
  const value = Number(text.trim());
  return Number.isInteger(value) && value >= 1 && value <= PLAN_NEXT_MAX_WEEKS ? value : undefined;
};

/** The copied sessions with their old and new dates and their holders. */
function PreviewTable({ preview }: { preview: PlanNextPreview }) {
  const { t } = useTranslation('periods');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const day = (instant: string) =>
    `${formatPattern(new Date(instant), 'EEE', timeZone, locale)} ${formatDateTime(instant, timeZone, locale)}`;
  if (preview.services.length === 0) {
    return <EmptyState title={t('planNext.noSessions')} text={t('planNext.noSessionsHint')} />;
  }
  const columns: Column<PlanNextPreview['services'][number]>[] = [
    {
      id: 'activity',
      header: t('planNext.columns.activity'),
      cell: (service) => (
        <span className="flex items-center gap-2 font-medium text-slate-900">
          <ColorDot color={service.colorCode} />
          {service.blueprintName}
        </span>
      ),
    },
    {
      id: 'from',
      header: t('planNext.columns.from'),
      cellClassName: 'whitespace-nowrap text-slate-500 tabular-nums',
      cell: (service) => day(service.sourceStartDateTime),
    },
    {
      id: 'to',
      header: t('planNext.columns.to'),
      cellClassName: 'font-medium whitespace-nowrap text-slate-900 tabular-nums',
      cell: (service) => <span data-new-date="">{day(service.startDateTime)}</span>,
    },
    {
      id: 'duration',
      header: t('planNext.columns.duration'),
      cellClassName: 'text-slate-700',
      cell: (service) => formatDuration(service.duration),
    },
    {
      id: 'holders',
      header: t('planNext.columns.holders'),
      cellClassName: 'text-slate-700',
      cell: (service) =>
        service.holders.map((holder) => holder.displayName).join(', ') || (
          <span className="text-slate-500">—</span>
        ),
    },
  ];
  return (
    <div data-plan-preview="">
      <DataTable
        variant="plain"
        items={preview.services}
        getKey={(service) => service.sourceServiceId}
        columns={columns}
        rowProps={() => ({ 'data-plan-row': '' })}
        cardProps={() => ({ className: 'space-y-0.5 py-2.5 text-sm', 'data-plan-row': '' })}
        card={(service) => (
          <>
            <p className="flex items-center gap-2 font-medium text-slate-900">
              <ColorDot color={service.colorCode} />
              {service.blueprintName}
            </p>
            <p className="flex flex-wrap items-center gap-1.5 text-xs tabular-nums">
              <span className="text-slate-500 line-through decoration-slate-300">
                {day(service.sourceStartDateTime)}
              </span>
              <ArrowRight className="size-3 text-slate-400" aria-hidden="true" />
              <span className="font-medium text-slate-900" data-new-date="">
                {day(service.startDateTime)}
              </span>
            </p>
            {service.holders.length > 0 ? (
              <p className="text-xs text-slate-600">
                {service.holders.map((holder) => holder.displayName).join(', ')}
              </p>
            ) : null}
          </>
        )}
      />
    </div>
  );
}

function ColorDot({ color }: { color: string }) {
  return (
    <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: color }} aria-hidden="true" />
  );
}

function PlanNextForm({ period }: { period: Period }) {
  const { t } = useTranslation('periods');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  const plan = usePlanNext();
  const [weeks, setWeeks] = useState<number | undefined>(undefined);
  const preview = usePlanNextPreview(period.id, weeks);
  const data = preview.data;

  const resolver = useMemo(
    () =>
      payloadResolver<PlanValues, PlanNextInput>(planNextSchema(locale), (values) => ({
        weeks:
          values.weeks.trim() === ''
            ? undefined
            : /^\d+$/.test(values.weeks.trim())
              ? Number(values.weeks)
              : values.weeks,
        name: values.name,
        registrationOpensAt: openingOf(values.opensDate, values.opensTime, timeZone),
      })),
    [locale, timeZone],
  );
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    watch,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<PlanValues, unknown, PlanNextInput>({
    resolver,
    defaultValues: { weeks: '', name: '', opensDate: '', opensTime: '' },
    mode: 'onTouched',
  });

  // The first preview fills the form; later ones (other weeks) move the opening unless it was edited.
  const filled = useRef(false);
  useEffect(() => {
    if (!data) return;
    const opens = instantToLocal(data.registrationOpensAt, timeZone);
    if (!filled.current) {
      filled.current = true;
      reset({ weeks: String(data.weeks), name: data.name, opensDate: opens.date, opensTime: opens.time });
      return;
    }
    if (!getFieldState('opensDate').isDirty && !getFieldState('opensTime').isDirty) {
      setValue('opensDate', opens.date);
      setValue('opensTime', opens.time);
    }
  }, [data, timeZone, reset, setValue, getFieldState]);

  // Typing a number of weeks refreshes the preview after a short pause.
  const typedWeeks = watch('weeks');
  useEffect(() => {
    const value = wholeWeeks(typedWeeks);
    if (value === undefined || value === (weeks ?? data?.weeks)) return;
    const timer = setTimeout(() => setWeeks(value), 350);
    return () => clearTimeout(timer);
  }, [typedWeeks, weeks, data?.weeks]);

  const submit = handleSubmit(async (input) => {
    try {
      const result = await plan.mutateAsync({ periodId: period.id, input });
      notify.success(t('planNext.success', { name: input.name, count: result.servicesCount }));
      await navigate(paths.period.to(result.periodId));
    } catch (error) {
      if (isApiError(error)) {
        for (const detail of error.details) {
          const field = detail.field.replace(/^body\./, '');
          if (['weeks', 'name', 'registrationOpensAt'].includes(field))
            setError(field as FieldPath<PlanValues>, { type: 'server', message: detail.message });
        }
      }
      notifyError(error);
    }
  });

  if (preview.isPending) return <Spinner label={t('planNext.loading')} />;
  if (preview.isError || !data)
    return <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />;
  const openingError = errors.registrationOpensAt?.message;

  return (
    <form onSubmit={submit} noValidate className="space-y-6" data-plan-next-form="">
      <Card>
        <CardHeader>
          <CardTitle>{t('planNext.settings')}</CardTitle>
          <CardDescription>{t('planNext.settingsHint')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-x-5 gap-y-4 sm:grid-cols-2">
          <TextField
            label={t('planNext.weeks')}
            inputMode="numeric"
            error={errors.weeks?.message}
            hint={t('planNext.weeksHint')}
            {...register('weeks')}
          />
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-slate-800">{t('planNext.newDates')}</p>
            <p
              className="flex h-10 items-center text-[15px] font-semibold text-slate-900 sm:text-sm"
              data-new-period-dates=""
            >
              <PeriodDates start={data.startDate} end={data.endDate} />
              {preview.isFetching ? <Spinner className="ml-2 size-4" /> : null}
            </p>
          </div>
          <TextField
            className="sm:col-span-2"
            label={t('fields.name')}
            error={errors.name?.message}
            {...register('name')}
          />
          <fieldset className="grid gap-x-5 gap-y-2 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-1.5 text-sm font-medium text-slate-800">
              {t('fields.registrationOpensAt')}
            </legend>
            <TextField
              type="date"
              label={t('fields.opensDate')}
              aria-invalid={openingError ? true : undefined}
              {...register('opensDate')}
            />
            <TextField
              type="time"
              label={t('fields.opensTime')}
              aria-invalid={openingError ? true : undefined}
              {...register('opensTime')}
            />
            {openingError ? (
              <p className="text-[13px] font-medium text-red-600 sm:col-span-2">{openingError}</p>
            ) : (
              <p className="text-xs text-slate-500 sm:col-span-2">
                {t('fields.registrationOpensAtHint', { timeZone })}
              </p>
            )}
          </fieldset>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('planNext.copied', { count: data.services.length })}</CardTitle>
          <CardDescription>{t('planNext.copiedHint', { timeZone })}</CardDescription>
        </CardHeader>
        <CardContent className={preview.isFetching ? 'opacity-60' : undefined}>
          <PreviewTable preview={data} />
        </CardContent>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting} disabled={preview.isFetching} data-confirm-plan="">
          <CopyPlus aria-hidden="true" />
          {t('planNext.confirm', { count: data.services.length })}
        </Button>
      </div>
    </form>
  );
}

/** `/periods/{id}/plan-next` (simple layout): the next period, its sessions copied N weeks later. */
export function PlanNextPage() {
  const { t } = useTranslation('periods');
  const { id = '' } = useParams();
  const query = usePeriod(id);
  const period = query.data;
  if (query.isPending) return <PageLoader />;
  if (query.isError || !period) {
    return (
      <PageContainer className="max-w-5xl">
        <BackLink to={paths.periods.to()}>{t('list.title')}</BackLink>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </PageContainer>
    );
  }
  return (
    <PageContainer className="max-w-5xl">
      <BackLink to={paths.period.to(period.id)}>{period.name}</BackLink>
      <PageHeader
        title={t('planNext.title')}
        description={
          <span>
            {t('planNext.description', { name: period.name })} (
            <PeriodDates start={period.startDate} end={period.endDate} />)
          </span>
        }
      />
      <PlanNextForm period={period} />
    </PageContainer>
  );
}
