import { isAtLeastOrgManager } from '@inscrio/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { isApiError, notificationText } from '@/lib/api-error';
import { useAuth } from '@/lib/auth-store';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useDeleteEstablishment } from '../api/delete-establishment';
import { useEstablishment } from '../api/get-establishment';
import { useUpdateEstablishment } from '../api/update-establishment';
import { EstablishmentForm, establishmentFormValues } from './establishment-form';

/** The delete button and its confirmation; a 409 (still in use) is explained in the dialog. */
function DeleteEstablishment({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('establishments');
  const locale = useLocale();
  const navigate = useNavigate();
  const remove = useDeleteEstablishment();
  const [open, setOpen] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);

  const confirm = async () => {
    setConflict(null);
    try {
      await remove.mutateAsync(id);
      setOpen(false);
      notify.success(t('delete.success', { name }));
      await navigate(paths.establishments.to());
    } catch (error) {
      if (isApiError(error) && error.status === 409) setConflict(notificationText(error, locale));
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
          {t('delete.action')}
        </Button>
      }
      title={t('delete.title', { name })}
      description={t('delete.text')}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('delete.cancel')}
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={() => void confirm()}>
            {t('delete.confirm')}
          </Button>
        </>
      }
    >
      {conflict ? (
        <Alert tone="error" data-delete-conflict="">
          {conflict}
        </Alert>
      ) : (
        <p className="text-sm text-slate-600">{t('delete.hint')}</p>
      )}
    </Dialog>
  );
}

/** `/configuration/establishments/{id}`: edit an establishment; delete it unless it is the default one. */
export function EstablishmentConfigurationPage() {
  const { t } = useTranslation('establishments');
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = useEstablishment(id);
  const update = useUpdateEstablishment();
  const establishment = query.data;

  if (query.isPending) return <PageLoader />;
  if (query.isError || !establishment) {
    return (
      <PageContainer className="max-w-3xl">
        <BackLink to={paths.establishments.to()}>{t('list.title')}</BackLink>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </PageContainer>
    );
  }

  return (
    <PageContainer className="max-w-3xl">
      <BackLink to={paths.establishment.to(establishment.id)}>{establishment.name}</BackLink>
      <PageHeader title={t('configuration.title')} description={establishment.name} />
      <Card>
        <CardHeader>
          <CardTitle>{t('configuration.cardTitle')}</CardTitle>
          <CardDescription>{t('configuration.cardDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <EstablishmentForm
            key={establishment.updatedAt}
            defaultValues={establishmentFormValues(establishment)}
            timeZone={establishment.timeZone}
            submitLabel={t('configuration.submit')}
            onSubmit={async (input) => {
              await update.mutateAsync({ id: establishment.id, input });
              notify.success(t('configuration.success'));
            }}
            secondaryAction={
              // est_default can never be deleted; only organisation managers delete (spec and issue 4).
              !establishment.isDefault && isAtLeastOrgManager(user) ? (
                <DeleteEstablishment id={establishment.id} name={establishment.name} />
              ) : null
            }
          />
        </CardContent>
      </Card>
      {establishment.isDefault ? <Alert tone="info">{t('configuration.defaultNotice')}</Alert> : null}
    </PageContainer>
  );
}
