import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { ServiceDetailPage } from './service-detail-page';
import { ServiceListPage } from './service-list-page';

/** `/holdings/services`: the holder's upcoming sessions (the API returns only theirs). */
export function HoldingServicesPage() {
  const { t } = useTranslation('holdings');
  return (
    <ServiceListPage
      title={t('list.holderTitle')}
      description={t('list.holderDescription')}
      linkTo={paths.holdingService.to}
      showHolders={false}
    />
  );
}

/** `/holdings/services/{id}`. */
export function HoldingServicePage() {
  return <ServiceDetailPage />;
}
