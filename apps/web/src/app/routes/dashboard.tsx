import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { OpenOrders } from '@/features/orders/components/open-orders';
import { MyActivities } from '@/features/registrations/components/my-activities';

/** The dashboard; a family's shows its orders to settle and 'Mes activités' above the shortcuts. */
export function Component() {
  return (
    <DashboardPage
      family={
        <>
          <OpenOrders />
          <MyActivities />
        </>
      }
    />
  );
}
