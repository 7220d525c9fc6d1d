import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { ManagerToDo } from '@/features/dashboard/components/manager-to-do';
import { OpenOrders } from '@/features/orders/components/open-orders';
import { MyActivities } from '@/features/registrations/components/my-activities';

/**
 * The dashboard; a family's shows its orders to settle and 'Mes activités' above the shortcuts, a
 * manager's what needs doing.
 */
export function Component() {
  return (
    <DashboardPage
      manager={<ManagerToDo />}
      family={
        <>
          <OpenOrders />
          <MyActivities />
        </>
      }
    />
  );
}
