import { isAtLeastOrgManager } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Card, CardContent } from '@/components/ui/card';
import { useAuth } from '@/lib/auth-store';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useCreateEstablishment } from '../api/create-establishment';
import { useTimeZone } from '@/lib/use-time-zone';
import { EstablishmentForm, establishmentFormValues } from './establishment-form';

/** `/establishments/create` (simple layout): a new establishment, by an organisation manager. */
export function CreateEstablishmentPage() {
  const { t } = useTranslation('establishments');
  const navigate = useNavigate();
  const { user } = useAuth();
  const timeZone = useTimeZone();
  const create = useCreateEstablishment();

  return (
    <PageContainer className="max-w-3xl">
      <BackLink to={paths.establishments.to()}>{t('list.title')}</BackLink>
      <PageHeader title={t('create.title')} description={t('create.description')} />
      {isAtLeastOrgManager(user) ? null : <Alert tone="warning">{t('create.onlyOrgManagers')}</Alert>}
      <Card>
        <CardContent>
          <EstablishmentForm
            defaultValues={establishmentFormValues()}
            timeZone={timeZone}
            submitLabel={t('create.submit')}
            onSubmit={async (input) => {
              const created = await create.mutateAsync(input);
              notify.success(t('create.success'));
              await navigate(paths.establishment.to(created.id));
            }}
          />
        </CardContent>
      </Card>
    </PageContainer>
  );
}
