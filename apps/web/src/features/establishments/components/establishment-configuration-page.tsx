import { isAtLeastOrgManager } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DeleteDialog } from '@/components/feedback/delete-dialog';
import { ErrorState } from '@/components/feedback/error-state';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth-store';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useDeleteEstablishment } from '../api/delete-establishment';
import { useEstablishment } from '../api/get-establishment';
import { useUpdateEstablishment } from '../api/update-establishment';
import { EstablishmentForm, establishmentFormValues } from './establishment-form';

function DeleteEstablishment({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('establishments');
  const remove = useDeleteEstablishment();
  return (
    <DeleteDialog
      texts={{
        action: t('delete.action'),
        title: t('delete.title', { name }),
        text: t('delete.text'),
        hint: t('delete.hint'),
        cancel: t('delete.cancel'),
        confirm: t('delete.confirm'),
        success: t('delete.success', { name }),
      }}
      remove={() => remove.mutateAsync(id)}
      isPending={remove.isPending}
      then={paths.establishments.to()}
    />
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
