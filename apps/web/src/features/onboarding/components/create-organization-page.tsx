import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Card, CardContent } from '@/components/ui/card';
import { useAuth } from '@/lib/auth-store';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useCreateOrganization } from '../api/create-organization';
import { usePricingPlans } from '../api/get-pricing-plans';
import { OrganizationForm } from './organization-form';

function CreateOrganizationForm() {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const plans = usePricingPlans();
  const create = useCreateOrganization();

  if (plans.isPending) return <PageLoader />;
  if (plans.isError) return <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;
  return (
    <Card>
      <CardContent>
        <OrganizationForm
          plans={plans.data}
          submitLabel={t('create.submit')}
          pending={create.isPending}
          onSubmit={async (values) => {
            const organization = await create.mutateAsync({ ...values, planKey: values.planKey || null });
            notify.success(t('create.created', { name: organization.name }));
            await navigate(paths.organizationsList.to());
          }}
        />
      </CardContent>
    </Card>
  );
}

/**
 * `/organizations/create` (simple layout): a system administrator creates an organisation with the
 * sign-up form, on a chosen plan or a free trial. Nobody is signed in to it.
 */
export function CreateOrganizationPage() {
  const { t } = useTranslation('onboarding');
  const { user } = useAuth();

  return (
    <PageContainer className="max-w-3xl">
      <BackLink to={paths.organizationsList.to()}>{t('create.back')}</BackLink>
      <PageHeader title={t('create.title')} description={t('create.description')} />
      {user?.isSystemAdmin ? (
        <CreateOrganizationForm />
      ) : (
        <Alert tone="warning">{t('create.forbidden')}</Alert>
      )}
    </PageContainer>
  );
}
