import { lazy, Suspense } from 'react';
import { DashboardPage } from '@/features/dashboard';
import { OpenOrders } from '@/features/orders';
import { MyActivities } from '@/features/registrations';

// A manager's to-do is in the managers' chunk (it uses their screens' code): families never load it.
const ManagerToDo = lazy(() =>
  import('@/features/manager-dashboard').then((m) => ({ default: m.ManagerToDo })),
);
const CommunicationsCard = lazy(() =>
  import('@/features/communications').then((m) => ({ default: m.CommunicationsDashboardCard })),
);
const WorkTimeToDo = lazy(() => import('@/features/work-time').then((m) => ({ default: m.WorkTimeToDo })));

/**
 * The dashboard; a family's shows its orders to settle and 'Mes activités' above the shortcuts, a
 * manager's what needs doing.
 */
export function Component() {
  return (
    <DashboardPage
      manager={
        <Suspense fallback={null}>
          <ManagerToDo />
          <WorkTimeToDo />
          <CommunicationsCard />
        </Suspense>
      }
      family={
        <>
          <OpenOrders />
          <MyActivities />
        </>
      }
    />
  );
}
