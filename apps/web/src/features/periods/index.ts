/* The periods feature's public face: its pages. */
export { CreatePeriodPage } from './components/create-period-page';
export { ManageServicesPage } from './components/manage-services-page';
export { PeriodInviteAttendeesPage } from './components/period-invite-attendees-page';
export { PeriodPage } from './components/period-page';
export { PeriodsPage } from './components/periods-page';
export { PlanNextPage } from './components/plan-next-page';
