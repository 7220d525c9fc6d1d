import {
  type CreateServiceInput,
  createServiceSchema,
  formatDuration,
  formatSeats,
  UNLIMITED_SEATS,
} from '@inscrio/shared';
import { CalendarCheck, CalendarDays, CalendarRange, Eye, Plus, RefreshCw, X } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox';
import { FormField, SelectField, TextField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { isApiError, notificationText } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { useCreateServices } from '../api/create-services';
import { useBlueprintOption, useBlueprintOptions, usePeriodOptions } from '../api/options';
import type { BlueprintOption, CreatedServices } from '../api/types';
import { useTimeZone } from '@/lib/use-time-zone';
import { HolderChecklist } from './holder-checklist';
import {
  emptyServiceForm,
  parseInteger,
  type ServiceFormValues,
  toServicePayload,
  WEEK_DAYS,
} from './service-form-model';
import { useSessionDate } from './session-when';

type Payload = CreateServiceInput;

const FIELD =
  /^(blueprintId|date|time|duration|maxSeats|periodId|holderIds|series\.(daysOfWeek|time|fromDate|toDate|skipDates))$/;

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-x-5 gap-y-4 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

/** The generated start dates, in the organisation's time zone, before anything is written. */
function PreviewList({ preview, stale }: { preview: CreatedServices; stale: boolean }) {
  const { t } = useTranslation('services');
  const locale = useLocale();
  const sessionDate = useSessionDate();
  return (
    <div className={cn('space-y-3', stale && 'opacity-50')} data-service-preview="">
      <p className="text-sm font-medium text-slate-900">
        {t('create.preview.count', { count: preview.count })} ·{' '}
        <span className="font-normal text-slate-600">
          {formatDuration(preview.duration)} · {formatSeats(preview.maxSeats, locale)}
        </span>
      </p>
      <ol className="grid max-h-96 gap-1.5 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3">
        {preview.items.map((item) => (
          <li
            key={item.startDateTime}
            className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-1.5 text-sm text-slate-800 tabular-nums"
            data-preview-date=""
          >
            {sessionDate(item.startDateTime)}
          </li>
        ))}
      </ol>
    </div>
  );
}

function ServiceForm({
  blueprints,
  initialBlueprintId,
  initialPeriodId,
}: {
  blueprints: BlueprintOption[];
  initialBlueprintId: string;
  initialPeriodId: string;
}) {
  const { t } = useTranslation('services');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  const create = useCreateServices();
  const schema = useMemo(() => createServiceSchema(locale), [locale]);
  const [preview, setPreview] = useState<{ key: string; result: CreatedServices } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [skipDraft, setSkipDraft] = useState('');

  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ServiceFormValues, unknown, Payload>({
    resolver: payloadResolver<ServiceFormValues, Payload>(schema, toServicePayload),
    defaultValues: emptyServiceForm(initialBlueprintId, initialPeriodId),
    mode: 'onTouched',
  });
  const values = watch();
  const blueprint = blueprints.find((option) => option.id === values.blueprintId);
  const periods = usePeriodOptions(blueprint?.establishmentId);
  const currentKey = JSON.stringify(toServicePayload(values));
  const stale = preview !== null && preview.key !== currentKey;

  // Duration and seats start from the chosen activity's.
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!blueprint || applied.current === blueprint.id) return;
    applied.current = blueprint.id;
    setValue('duration', String(blueprint.duration));
    setValue('unlimitedSeats', blueprint.maxSeats === UNLIMITED_SEATS);
    setValue('maxSeats', blueprint.maxSeats === UNLIMITED_SEATS ? '' : String(blueprint.maxSeats));
  }, [blueprint, setValue]);

  const run = (asPreview: boolean) =>
    handleSubmit(async (payload) => {
      setFormError(null);
      try {
        const result = await create.mutateAsync({ ...payload, preview: asPreview });
        if (asPreview) {
          setPreview({ key: currentKey, result });
          return;
        }
        notify.success(t('create.success', { count: result.count }));
        const first = result.items[0]?.id;
        await navigate(
          values.mode === 'single' && first
            ? paths.managedService.to(first)
            : paths.blueprint.to(payload.blueprintId),
        );
      } catch (error) {
        let placed = false;
        if (isApiError(error)) {
          for (const detail of error.details) {
            const field = detail.field.replace(/^body\./, '');
            if (FIELD.test(field)) {
              setError(field as FieldPath<ServiceFormValues>, { type: 'server', message: detail.message });
              placed = true;
            } else if (detail.message) {
              setFormError(detail.message);
              placed = true;
            }
          }
        }
        if (!placed || (isApiError(error) && error.code !== 'validation_failed'))
          setFormError(notificationText(error, locale));
      }
    });

  const addSkipDate = () => {
    if (!skipDraft) return;
    setValue('series.skipDates', [...new Set([...values.series.skipDates, skipDraft])].sort(), {
      shouldDirty: true,
    });
    setSkipDraft('');
  };

  const seats = parseInteger(values.maxSeats);
  const duration = parseInteger(values.duration);

  return (
    <form onSubmit={(event) => void run(true)(event)} noValidate className="space-y-6" data-service-form="">
      <Section title={t('create.activity')}>
        <SelectField
          className="sm:col-span-2"
          label={t('fields.blueprint')}
          error={errors.blueprintId?.message}
          {...register('blueprintId')}
        >
          <option value="">{t('fields.chooseBlueprint')}</option>
          {blueprints.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name} — {option.establishmentName}
            </option>
          ))}
        </SelectField>
      </Section>

      <Section title={t('create.when')} description={t('create.timeZone', { timeZone })}>
        <fieldset className="sm:col-span-2">
          <legend className="sr-only">{t('create.modeLegend')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(['single', 'series'] as const).map((mode) => (
              <label
                key={mode}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-xl border p-3',
                  values.mode === mode
                    ? 'border-brand-600 bg-brand-50/60 ring-1 ring-brand-600'
                    : 'border-slate-200 hover:bg-slate-50',
                )}
              >
                <input type="radio" value={mode} className="mt-1 accent-brand-700" {...register('mode')} />
                <span>
                  <span className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                    {mode === 'single' ? (
                      <CalendarDays className="size-4" aria-hidden="true" />
                    ) : (
                      <CalendarRange className="size-4" aria-hidden="true" />
                    )}
                    {t(`create.modes.${mode}`)}
                  </span>
                  <span className="block text-xs text-slate-600">{t(`create.modes.${mode}Hint`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {values.mode === 'single' ? (
          <>
            <TextField
              type="date"
              label={t('fields.date')}
              error={errors.date?.message}
              {...register('date')}
            />
            <TextField
              type="time"
              label={t('fields.time')}
              error={errors.time?.message}
              {...register('time')}
            />
          </>
        ) : (
          <>
            <fieldset className="sm:col-span-2">
              <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('fields.daysOfWeek')}</legend>
              <div className="flex flex-wrap gap-2">
                {WEEK_DAYS.map((day) => (
                  <label
                    key={day}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium',
                      values.series.daysOfWeek.includes(day)
                        ? 'border-brand-600 bg-brand-50 text-brand-900'
                        : 'border-slate-200 text-slate-700 hover:bg-slate-50',
                    )}
                  >
                    <input
                      type="checkbox"
                      value={day}
                      className="accent-brand-700"
                      aria-label={t(`days.long.${day}`)}
                      {...register('series.daysOfWeek')}
                    />
                    <span aria-hidden="true">{t(`days.short.${day}`)}</span>
                  </label>
                ))}
              </div>
              {errors.series?.daysOfWeek?.message ? (
                <p className="mt-1.5 text-[13px] font-medium text-red-600">
                  {errors.series.daysOfWeek.message}
                </p>
              ) : null}
            </fieldset>
            <TextField
              type="time"
              label={t('fields.time')}
              error={errors.series?.time?.message}
              {...register('series.time')}
            />
            <div className="hidden sm:block" />
            <TextField
              type="date"
              label={t('fields.fromDate')}
              error={errors.series?.fromDate?.message}
              {...register('series.fromDate')}
            />
            <TextField
              type="date"
              label={t('fields.toDate')}
              error={errors.series?.toDate?.message}
              {...register('series.toDate')}
            />
            <FormField
              id="skip-date"
              className="sm:col-span-2"
              label={t('fields.skipDates')}
              hint={t('fields.skipDatesHint')}
              error={errors.series?.skipDates?.message}
            >
              <div className="flex gap-2">
                <Input
                  id="skip-date"
                  type="date"
                  className="max-w-52"
                  value={skipDraft}
                  min={values.series.fromDate || undefined}
                  max={values.series.toDate || undefined}
                  onChange={(event) => setSkipDraft(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      addSkipDate();
                    }
                  }}
                />
                <Button variant="secondary" onClick={addSkipDate} disabled={!skipDraft}>
                  <Plus aria-hidden="true" />
                  {t('fields.addSkipDate')}
                </Button>
              </div>
              {values.series.skipDates.length > 0 ? (
                <ul className="mt-2 flex flex-wrap gap-2" data-skip-dates="">
                  {values.series.skipDates.map((date) => (
                    <li
                      key={date}
                      className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-800"
                    >
                      {formatDate(date, timeZone, locale)}
                      <button
                        type="button"
                        className="grid size-6 place-items-center rounded-full text-slate-500 hover:bg-slate-200 hover:text-slate-900"
                        aria-label={t('fields.removeSkipDate', { date: formatDate(date, timeZone, locale) })}
                        onClick={() =>
                          setValue(
                            'series.skipDates',
                            values.series.skipDates.filter((other) => other !== date),
                            { shouldDirty: true },
                          )
                        }
                      >
                        <X className="size-3.5" aria-hidden="true" />
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </FormField>
          </>
        )}
      </Section>

      <Section title={t('create.details')} description={t('create.detailsHint')}>
        <TextField
          label={t('fields.duration')}
          inputMode="numeric"
          error={errors.duration?.message}
          hint={
            typeof duration === 'number' && duration > 0 ? formatDuration(duration) : t('fields.durationHint')
          }
          {...register('duration')}
        />
        <div className="space-y-2">
          <TextField
            label={t('fields.maxSeats')}
            inputMode="numeric"
            disabled={values.unlimitedSeats}
            error={values.unlimitedSeats ? undefined : errors.maxSeats?.message}
            hint={
              values.unlimitedSeats
                ? formatSeats(UNLIMITED_SEATS, locale)
                : typeof seats === 'number' && seats > 0
                  ? formatSeats(seats, locale)
                  : undefined
            }
            {...register('maxSeats')}
          />
          <CheckboxField label={t('fields.unlimited')} {...register('unlimitedSeats')} />
        </div>
        <SelectField
          className="sm:col-span-2"
          label={t('fields.period')}
          hint={t('fields.periodHint')}
          error={errors.periodId?.message}
          disabled={!blueprint}
          {...register('periodId')}
        >
          <option value="">{t('fields.noPeriod')}</option>
          {(periods.data?.items ?? []).map((period) => (
            <option key={period.id} value={period.id}>
              {period.name} ({formatDate(period.startDate, timeZone, locale)} –{' '}
              {formatDate(period.endDate, timeZone, locale)})
            </option>
          ))}
        </SelectField>
        <div className="space-y-1.5 sm:col-span-2">
          <p className="text-sm font-medium text-slate-800">{t('fields.holders')}</p>
          <HolderChecklist
            value={values.holderIds}
            onChange={(ids) => setValue('holderIds', ids, { shouldDirty: true })}
          />
        </div>
      </Section>

      <Card>
        <CardHeader>
          <CardTitle>{t('create.preview.title')}</CardTitle>
          <CardDescription>{t('create.preview.description', { timeZone })}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {formError ? (
            <Alert tone="error" data-form-error="">
              {formError}
            </Alert>
          ) : null}
          {preview ? <PreviewList preview={preview.result} stale={stale} /> : null}
          {stale ? <Alert tone="warning">{t('create.preview.stale')}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              type="submit"
              variant={preview && !stale ? 'secondary' : 'primary'}
              loading={isSubmitting && !preview}
            >
              {preview ? <RefreshCw aria-hidden="true" /> : <Eye aria-hidden="true" />}
              {preview ? t('create.preview.refresh') : t('create.preview.show')}
            </Button>
            {preview && !stale ? (
              <Button
                onClick={() => void run(false)()}
                loading={isSubmitting}
                disabled={preview.result.count === 0}
                data-confirm-create=""
              >
                <CalendarCheck aria-hidden="true" />
                {t('create.confirm', { count: preview.result.count })}
              </Button>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </form>
  );
}

/** `/services/create` (simple layout): one session, or a weekly series, of an activity. */
export function CreateServicesPage() {
  const { t } = useTranslation('services');
  const [params] = useSearchParams();
  const initialBlueprintId = params.get('blueprintId') ?? '';
  const initialPeriodId = params.get('periodId') ?? '';
  const options = useBlueprintOptions();
  const listed = options.data?.items.some((option) => option.id === initialBlueprintId) ?? false;
  // An activity named in the address but beyond the list's first page is fetched on its own.
  const extra = useBlueprintOption(initialBlueprintId, options.isSuccess && !listed);

  if (options.isPending || extra.isLoading) return <PageLoader />;
  if (options.isError) {
    return (
      <PageContainer className="max-w-3xl">
        <ErrorState error={options.error} onRetry={() => void options.refetch()} />
      </PageContainer>
    );
  }
  const blueprints = [...options.data.items, ...(extra.data ? [extra.data] : [])].filter(
    (option) => option.archivedAt === null,
  );
  const back = initialBlueprintId ? paths.blueprint.to(initialBlueprintId) : paths.blueprints.to();

  return (
    <PageContainer className="max-w-3xl">
      <BackLink to={back}>
        {initialBlueprintId ? t('create.backToActivity') : t('create.backToActivities')}
      </BackLink>
      <PageHeader title={t('create.title')} description={t('create.description')} />
      <ServiceForm
        blueprints={blueprints}
        initialBlueprintId={initialBlueprintId}
        initialPeriodId={initialPeriodId}
      />
    </PageContainer>
  );
}
