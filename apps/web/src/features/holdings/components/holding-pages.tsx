import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
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
  return <ServiceDetailPage mode="holder" />;
}

/** `/attendance/services` ('Séances et présences'): the sessions of the manager's reach, by day. */
export function AttendanceServicesPage() {
  const { t } = useTranslation('holdings');
  return (
    <ServiceListPage
      title={t('list.attendanceTitle')}
      description={t('list.attendanceDescription')}
      notice={<Alert tone="info">{t('attendance.soonText')}</Alert>}
      linkTo={paths.attendanceService.to}
      showHolders
    />
  );
}

/** `/attendance/services/{id}`. */
export function AttendanceServicePage() {
  return <ServiceDetailPage mode="attendance" />;
}
