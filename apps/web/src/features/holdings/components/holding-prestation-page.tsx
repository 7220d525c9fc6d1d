import { formatDuration, prestationAbsenceSchema } from '@inscrio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { PageContainer } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { FormField, describedBy } from '@/components/ui/form-field';
import { SessionStatusBadge } from '@/components/ui/session-status-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notify, notifyError } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { hasErrorCode } from '@/lib/api-error';
import { useLocale } from '@/lib/use-locale';
import { useDeclareAbsence } from '../api/declare-absence';
import { usePrestation } from '../api/get-prestation';
import type { Prestation } from '../api/types';
import { useTimeZone } from '@/lib/use-time-zone';
import { hoursText, longDayText } from '../utils/service-texts';
import { PrestationStatusBadge } from './prestation-status-badge';

const NOTE_FIELD = 'prestation-absence-note';

/** The holder's absence: declared with an optional note, after a confirmation. */
function AbsenceForm({ prestation }: { prestation: Prestation }) {
  const { t } = useTranslation('holdings');
  const locale = useLocale();
  const schema = useMemo(() => prestationAbsenceSchema(locale), [locale]);
  const declare = useDeclareAbsence(prestation.id);
  const [confirming, setConfirming] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { absent: true, note: '' } });

  // The form checks the note first, then asks for confirmation before sending.
  const onValid = handleSubmit(() => setConfirming(true));
  const send = handleSubmit(async (values) => {
    try {
      await declare.mutateAsync({ absent: true, note: values.note });
      setConfirming(false);
      notify.success(t('prestation.declared'));
    } catch (error) {
      setConfirming(false);
      applyApiFieldErrors(error, setError, ['note']);
      notifyError(error);
    }
  });

  const error = errors.note?.message;
  return (
    <form onSubmit={onValid} noValidate className="space-y-4">
      <FormField id={NOTE_FIELD} label={t('prestation.note')} hint={t('prestation.noteHint')} error={error}>
        <Textarea
          rows={4}
          placeholder={t('prestation.notePlaceholder')}
          {...describedBy(NOTE_FIELD, error, t('prestation.noteHint'))}
          {...register('note')}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" variant="danger">
          <UserX aria-hidden="true" />
          {t('prestation.declare')}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !declare.isPending) setConfirming(false);
        }}
        title={t('prestation.confirm.title')}
        description={t('prestation.confirm.text')}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={declare.isPending}>
                {t('prestation.confirm.cancel')}
              </Button>
            </DialogClose>
            <Button variant="danger" loading={declare.isPending} onClick={() => void send()}>
              {t('prestation.confirm.action')}
            </Button>
          </>
        }
      />
    </form>
  );
}

/** `/holdings/prestations/{id}`: a holder's assignment to a session, and the declaration of their absence. */
export function HoldingPrestationPage() {
  const { t } = useTranslation('holdings');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { id = '' } = useParams();
  const query = usePrestation(id);

  if (query.isPending || query.isError) {
    return (
      <PageContainer className="max-w-3xl">
        <BackLink to={paths.holdingServices.to()}>{t('detail.backHolder')}</BackLink>
        {query.isPending ? (
          <div className="space-y-4" aria-busy="true">
            <Skeleton className="h-8 w-64" />
            <Skeleton className="h-48 w-full rounded-2xl" />
          </div>
        ) : (
          <ErrorState
            title={t('prestation.error')}
            error={query.error}
            onRetry={hasErrorCode(query.error, 'not_found') ? undefined : () => void query.refetch()}
          />
        )}
      </PageContainer>
    );
  }

  const prestation = query.data;
  const { service } = prestation;

  return (
    <PageContainer className="max-w-3xl">
      <BackLink to={paths.holdingService.to(service.id)}>{t('prestation.back')}</BackLink>
      <header className="space-y-2">
        <p className="text-sm font-medium text-brand-700">{t('prestation.eyebrow')}</p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-[28px]">
            {service.blueprintName}
          </h1>
          <PrestationStatusBadge status={prestation.status} />
        </div>
        <p className="text-[15px] text-slate-600 tabular-nums">
          {longDayText(service.startDateTime, timeZone, locale)}
          <span className="text-slate-500"> · </span>
          {hoursText(service.startDateTime, service.duration, timeZone, locale)}
          <span className="text-slate-500"> · </span>
          {formatDuration(service.duration)}
        </p>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span>{t('prestation.session')}</span>
          <SessionStatusBadge status={service.status} />
          <span className="text-slate-500">·</span>
          <span>{prestation.holder.displayName}</span>
        </div>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>{t('prestation.absenceTitle')}</CardTitle>
          <CardDescription>{t('prestation.absenceText')}</CardDescription>
        </CardHeader>
        <CardContent>
          {prestation.status === 'absent' ? (
            <Alert tone="warning" title={t('prestation.absent')} data-absence-declared="">
              {prestation.absenceNote ? (
                <p>
                  {t('prestation.noteLabel')} {prestation.absenceNote}
                </p>
              ) : null}
              <p>{t('prestation.undo')}</p>
            </Alert>
          ) : service.status === 'cancelled' ? (
            <Alert tone="info">{t('prestation.cancelledSession')}</Alert>
          ) : (
            <AbsenceForm prestation={prestation} />
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
