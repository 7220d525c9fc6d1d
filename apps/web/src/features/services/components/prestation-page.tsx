import {
  type PrestationAbsenceInput,
  prestationAbsenceSchema,
  PRESTATION_STATUSES,
  SESSION_STATUSES,
} from '@inscrio/shared';
import { CalendarDays, Mail, UserRound, UserRoundCheck, UserRoundX } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, describedBy } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { notify, notifyError } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { usePrestation, useSetPrestationAbsence } from '../api/prestation';
import type { Prestation } from '../api/types';
import { SESSION_BADGES } from './session-status';
import { SessionWhen } from './session-when';

/** Record the holder's absence with a note, or withdraw it (`PATCH /prestations/{id}/absence`). */
function AbsenceForm({ prestation }: { prestation: Prestation }) {
  const { t } = useTranslation('services');
  const locale = useLocale();
  const save = useSetPrestationAbsence();
  const absent = prestation.status === 'absent';
  const resolver = useMemo(
    () =>
      payloadResolver<{ note: string }, PrestationAbsenceInput>(
        prestationAbsenceSchema(locale),
        (values) => ({
          absent: true,
          note: values.note.trim() === '' ? null : values.note,
        }),
      ),
    [locale],
  );
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ note: string }, unknown, PrestationAbsenceInput>({
    resolver,
    values: { note: prestation.absenceNote ?? '' },
  });

  const record = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: prestation.id, input });
      notify.success(absent ? t('prestation.noteSaved') : t('prestation.absenceRecorded'));
    } catch (error) {
      notifyError(error);
    }
  });
  const withdraw = async () => {
    try {
      await save.mutateAsync({ id: prestation.id, input: { absent: false } });
      notify.success(t('prestation.absenceWithdrawn'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('prestation.absence')}</CardTitle>
        <CardDescription>{absent ? t('prestation.absentHint') : t('prestation.presentHint')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={record} noValidate className="space-y-4" data-absence-form="">
          <FormField
            id="absence-note"
            label={t('prestation.note')}
            hint={t('prestation.noteHint')}
            error={errors.note?.message}
          >
            <Textarea
              rows={3}
              {...describedBy('absence-note', errors.note?.message, t('prestation.noteHint'))}
              {...register('note')}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {absent ? (
              <Button
                variant="secondary"
                loading={save.isPending && !isSubmitting}
                onClick={() => void withdraw()}
              >
                <UserRoundCheck aria-hidden="true" />
                {t('prestation.withdraw')}
              </Button>
            ) : null}
            <Button type="submit" variant={absent ? 'secondary' : 'danger'} loading={isSubmitting}>
              <UserRoundX aria-hidden="true" />
              {absent ? t('prestation.saveNote') : t('prestation.record')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** `/managing/prestations/{id}`: a holder's assignment to a session, and their absence. */
export function PrestationPage() {
  const { t } = useTranslation('services');
  const locale = useLocale();
  const { id = '' } = useParams();
  const query = usePrestation(id);
  const prestation = query.data;

  if (query.isPending) return <PageLoader />;
  if (query.isError || !prestation) {
    return (
      <PageContainer className="max-w-3xl">
        <BackLink to={paths.blueprints.to()}>{t('service.backToActivities')}</BackLink>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </PageContainer>
    );
  }
  const { service, holder } = prestation;

  return (
    <PageContainer className="max-w-3xl">
      <BackLink to={paths.managedService.to(service.id)}>{t('prestation.backToSession')}</BackLink>
      <PageHeader
        eyebrow={t('prestation.eyebrow')}
        title={holder.displayName}
        description={
          <Badge
            variant={prestation.status === 'absent' ? 'destructive' : 'success'}
            data-prestation-status={prestation.status}
          >
            {PRESTATION_STATUSES.label(prestation.status, locale)}
          </Badge>
        }
      />
      {prestation.status === 'absent' ? (
        <Alert tone="warning" title={t('prestation.absentTitle')}>
          {prestation.absenceNote ?? t('prestation.noNote')}
        </Alert>
      ) : null}
      <div className="grid gap-6 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('prestation.holder')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            <p className="flex items-center gap-2 text-slate-900">
              <UserRound className="size-4 text-slate-400" aria-hidden="true" />
              {holder.displayName}
            </p>
            <p className="flex items-center gap-2">
              <Mail className="size-4 text-slate-400" aria-hidden="true" />
              <a className="text-brand-700 hover:underline" href={`mailto:${holder.email}`}>
                {holder.email}
              </a>
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('prestation.session')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            <Link
              to={paths.managedService.to(service.id)}
              className="flex items-center gap-2 font-medium text-brand-700 hover:underline"
            >
              <span
                className="size-3 rounded-full"
                style={{ backgroundColor: service.colorCode }}
                aria-hidden="true"
              />
              {service.blueprintName}
            </Link>
            <p className="flex items-start gap-2 text-slate-800">
              <CalendarDays className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
              <SessionWhen start={service.startDateTime} duration={service.duration} />
            </p>
            <Badge variant={SESSION_BADGES[service.status]}>
              {SESSION_STATUSES.label(service.status, locale)}
            </Badge>
          </CardContent>
        </Card>
      </div>
      <AbsenceForm prestation={prestation} />
    </PageContainer>
  );
}
