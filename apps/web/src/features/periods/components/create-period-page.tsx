import type { PeriodInput } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { BackLink } from '@/components/ui/back-link';
import { Card, CardContent } from '@/components/ui/card';
import { useAuth } from '@/lib/auth-store';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useEstablishmentOptions } from '../api/options';
import { useCreatePeriod } from '../api/period';
import { useTimeZone } from '@/lib/use-time-zone';
import { PeriodForm } from './period-form';
import { periodFormValues } from './period-form-model';

/** `/periods/create` (simple layout): a new period. */
export function CreatePeriodPage() {
  const { t } = useTranslation('periods');
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  const { user } = useAuth();
  const establishments = useEstablishmentOptions();
  const create = useCreatePeriod();

  if (establishments.isPending) return <PageLoader />;
  if (establishments.isError) {
    return (
      <PageContainer className="max-w-3xl">
        <ErrorState error={establishments.error} onRetry={() => void establishments.refetch()} />
      </PageContainer>
    );
  }
  const options = establishments.data.items;
  const initial =
    options.find((option) => option.id === user?.establishment)?.id ??
    options.find((option) => option.isDefault)?.id ??
    options[0]?.id ??
    '';

  return (
    <PageContainer className="max-w-3xl">
      <BackLink to={paths.periods.to()}>{t('list.title')}</BackLink>
      <PageHeader title={t('create.title')} description={t('create.description')} />
      <Card>
        <CardContent>
          <PeriodForm
            mode="create"
            defaultValues={periodFormValues(null, timeZone, initial)}
            establishments={options}
            submitLabel={t('create.submit')}
            onSubmit={async (input) => {
              const period = await create.mutateAsync(input as PeriodInput);
              notify.success(t('create.success'));
              await navigate(paths.period.to(period.id));
            }}
          />
        </CardContent>
      </Card>
    </PageContainer>
  );
}
