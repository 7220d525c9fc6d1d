import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/feedback/page-loader';
import { i18n } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import {
  alwaysRevalidate,
  authenticationPage,
  publicPage,
  rememberCommittedLocation,
  requireSession,
  unknownPath,
} from './guards';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/*
 * Every route of spec section 2 with its layout and guard. Screens load lazily; guards run before
 * them, at each navigation.
 */

const menu = (key: Parameters<typeof menuTitle>[0]) => () => menuTitle(key);
function menuTitle(
  key:
    | 'myActivities'
    | 'family'
    | 'recoveryTokens'
    | 'registrations'
    | 'documents'
    | 'orders'
    | 'accounting'
    | 'members'
    | 'participants'
    | 'holders'
    | 'configuration'
    | 'billing'
    | 'establishments'
    | 'contactSupport'
    | 'workTime'
    | 'audit'
    | 'activities'
    | 'periods'
    | 'catalog'
    | 'sessionsAttendance',
): string {
  return i18n.t(`menu.${key}`, { ns: 'navigation' });
}
const page = (key: Parameters<typeof pageTitle>[0]) => () => pageTitle(key);
function pageTitle(
  key:
    | 'recoveryTokenConsume'
    | 'reviews'
    | 'communications'
    | 'order'
    | 'membersCreate'
    | 'participant'
    | 'holder'
    | 'organization'
    | 'billingStatement'
    | 'establishmentConfiguration'
    | 'establishment'
    | 'blueprint'
    | 'service'
    | 'prestation'
    | 'period'
    | 'catalogBlueprint'
    | 'attendance'
    | 'createInvoice'
    | 'createCreditNote'
    | 'createService'
    | 'createPeriod'
    | 'periodManageServices'
    | 'periodPlanNext'
    | 'periodInviteAttendees'
    | 'createOrganization'
    | 'createEstablishment'
    | 'discover'
    | 'dashboard'
    | 'profile'
    | 'login'
    | 'register'
    | 'forgotPassword'
    | 'resetPassword'
    | 'onboarding'
    | 'organizationError'
    | 'redirectMessage'
    | 'organizationPicker'
    | 'organizationsList'
    | 'maintenance',
): string {
  return i18n.t(key, { ns: 'pages' });
}

/** Screens of the main layout (side menu). */
const mainScreens: RouteObject[] = [
  { index: true, lazy: () => import('./routes/dashboard'), handle: { title: page('dashboard') } },
  {
    path: paths.calendar.pattern,
    lazy: () => import('./routes/calendar'),
    handle: { title: menu('myActivities') },
  },
  { path: paths.profile.pattern, lazy: () => import('./routes/profile'), handle: { title: page('profile') } },
  {
    path: paths.delegations.pattern,
    lazy: () => import('./routes/delegations'),
    handle: { title: menu('family') },
  },
  {
    path: paths.recoveryTokens.pattern,
    lazy: () => import('./routes/recovery-tokens'),
    handle: { title: menu('recoveryTokens') },
  },
  {
    path: paths.recoveryTokenConsume.pattern,
    lazy: () => import('./routes/recovery-token-consume'),
    handle: { title: page('recoveryTokenConsume') },
  },
  {
    path: paths.registry.pattern,
    lazy: () => import('./routes/registry'),
    handle: { title: menu('registrations') },
  },
  { path: paths.reviews.pattern, lazy: () => import('./routes/reviews'), handle: { title: page('reviews') } },
  {
    path: paths.communications.pattern,
    lazy: () => import('./routes/communications'),
    handle: { title: page('communications') },
  },
  {
    path: paths.documents.pattern,
    lazy: () => import('./routes/documents'),
    handle: { title: menu('documents') },
  },
  { path: paths.orders.pattern, lazy: () => import('./routes/orders'), handle: { title: menu('orders') } },
  { path: paths.order.pattern, lazy: () => import('./routes/order'), handle: { title: page('order') } },
  {
    path: paths.accounting.pattern,
    lazy: () => import('./routes/accounting'),
    handle: { title: menu('accounting') },
  },
  {
    path: paths.membersAll.pattern,
    lazy: () => import('./routes/members-all'),
    handle: { title: menu('members') },
  },
  {
    path: paths.membersCreate.pattern,
    lazy: () => import('./routes/members-create'),
    handle: { title: page('membersCreate') },
  },
  {
    path: paths.participants.pattern,
    lazy: () => import('./routes/members-participants'),
    handle: { title: menu('participants') },
  },
  {
    path: paths.participant.pattern,
    lazy: () => import('./routes/member'),
    handle: { title: page('participant') },
  },
  {
    path: paths.holders.pattern,
    lazy: () => import('./routes/members-holders'),
    handle: { title: menu('holders') },
  },
  {
    path: paths.holder.pattern,
    lazy: () => import('./routes/member'),
    handle: { title: page('holder') },
  },
  {
    path: paths.organizationConfiguration.pattern,
    lazy: () => import('./routes/organization-configuration'),
    handle: { title: menu('configuration') },
  },
  {
    path: paths.organizationsList.pattern,
    lazy: () => import('./routes/organizations-list'),
    handle: { title: page('organizationsList') },
  },
  {
    path: paths.organization.pattern,
    lazy: () => import('./routes/organization'),
    handle: { title: page('organization') },
  },
  { path: paths.billing.pattern, lazy: () => import('./routes/billing'), handle: { title: menu('billing') } },
  {
    path: paths.billingStatement.pattern,
    lazy: () => import('./routes/billing-statement'),
    handle: { title: page('billingStatement') },
  },
  {
    path: paths.establishmentConfiguration.pattern,
    lazy: () => import('./routes/establishment-configuration'),
    handle: { title: page('establishmentConfiguration') },
  },
  {
    path: paths.establishments.pattern,
    lazy: () => import('./routes/establishments'),
    handle: { title: menu('establishments') },
  },
  {
    path: paths.establishment.pattern,
    lazy: () => import('./routes/establishment'),
    handle: { title: page('establishment') },
  },
  {
    path: paths.contactSupport.pattern,
    lazy: () => import('./routes/contact-support'),
    handle: { title: menu('contactSupport') },
  },
  {
    path: paths.audit.pattern,
    lazy: () => import('./routes/audit'),
    handle: { title: menu('audit') },
  },
  {
    path: paths.workTime.pattern,
    lazy: () => import('./routes/work-time'),
    handle: { title: menu('workTime') },
  },
  // Managing
  {
    path: paths.blueprints.pattern,
    lazy: () => import('./routes/blueprints'),
    handle: { title: menu('activities') },
  },
  {
    path: paths.blueprint.pattern,
    lazy: () => import('./routes/blueprint'),
    handle: { title: page('blueprint') },
  },
  {
    path: paths.managedService.pattern,
    lazy: () => import('./routes/managed-service'),
    handle: { title: page('service') },
  },
  {
    path: paths.managedPrestation.pattern,
    lazy: () => import('./routes/managed-prestation'),
    handle: { title: page('prestation') },
  },
  {
    path: paths.periods.pattern,
    lazy: () => import('./routes/periods'),
    handle: { title: menu('periods') },
  },
  {
    path: paths.period.pattern,
    lazy: () => import('./routes/period'),
    handle: { title: page('period') },
  },
  // Catalogue
  {
    path: paths.catalog.pattern,
    lazy: () => import('./routes/catalog'),
    handle: { title: menu('catalog') },
  },
  {
    path: paths.catalogBlueprint.pattern,
    lazy: () => import('./routes/catalog-blueprint'),
    handle: { title: page('catalogBlueprint') },
  },
  // Attendance
  {
    path: paths.attendanceServices.pattern,
    lazy: () => import('./routes/attendance-services'),
    handle: { title: menu('sessionsAttendance') },
  },
  {
    path: paths.attendanceService.pattern,
    lazy: () => import('./routes/attendance-service'),
    handle: { title: page('attendance') },
  },
  // Holdings
  {
    path: paths.holdingServices.pattern,
    lazy: () => import('./routes/holding-services'),
    handle: { title: menu('activities') },
  },
  {
    path: paths.holdingService.pattern,
    lazy: () => import('./routes/holding-service'),
    handle: { title: page('service') },
  },
  {
    path: paths.holdingPrestation.pattern,
    lazy: () => import('./routes/holding-prestation'),
    handle: { title: page('prestation') },
  },
  {
    path: paths.holdingAttendees.pattern,
    lazy: () => import('./routes/holding-attendees'),
    handle: { title: menu('participants') },
  },
];

/** Screens of the simple layout (no side menu). */
const simpleScreens: RouteObject[] = [
  // One view for both documents, the kind chosen by the path.
  {
    path: paths.createInvoice.pattern,
    lazy: () => import('./routes/create-invoice'),
    handle: { title: page('createInvoice') },
  },
  {
    path: paths.createCreditNote.pattern,
    lazy: () => import('./routes/create-credit-note'),
    handle: { title: page('createCreditNote') },
  },
  {
    path: paths.createService.pattern,
    lazy: () => import('./routes/create-services'),
    handle: { title: page('createService') },
  },
  {
    path: paths.createPeriod.pattern,
    lazy: () => import('./routes/create-period'),
    handle: { title: page('createPeriod') },
  },
  {
    path: paths.periodManageServices.pattern,
    lazy: () => import('./routes/period-manage-services'),
    handle: { title: page('periodManageServices') },
  },
  {
    path: paths.periodPlanNext.pattern,
    lazy: () => import('./routes/period-plan-next'),
    handle: { title: page('periodPlanNext') },
  },
  {
    path: paths.periodInviteAttendees.pattern,
    lazy: () => import('./routes/period-invite-attendees'),
    handle: { title: page('periodInviteAttendees') },
  },
  {
    path: paths.createOrganization.pattern,
    lazy: () => import('./routes/create-organization'),
    handle: { title: page('createOrganization') },
  },
  {
    path: paths.createEstablishment.pattern,
    lazy: () => import('./routes/create-establishment'),
    handle: { title: page('createEstablishment') },
  },
];

const publicLayout = () => import('./routes/public-layout');

/** The routes of an organisation's subdomain. */
export function organizationRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: () => <PageLoader fullScreen />,
      children: [
        {
          lazy: publicLayout,
          children: [
            // No guard: reached from e-mails and payment providers.
            {
              path: paths.redirectMessage.pattern,
              lazy: () => import('./routes/redirect-message'),
              handle: { title: page('redirectMessage') },
            },
            {
              path: paths.organizationError.pattern,
              lazy: () => import('./routes/organization-error'),
              handle: { title: page('organizationError') },
            },
            // No guard either: where the guards send a club's members while it is in maintenance.
            {
              path: paths.maintenance.pattern,
              lazy: () => import('./routes/maintenance'),
              handle: { title: page('maintenance') },
            },
            {
              id: 'authentication',
              loader: authenticationPage,
              shouldRevalidate: alwaysRevalidate,
              children: [
                {
                  path: paths.login.pattern,
                  lazy: () => import('./routes/login'),
                  handle: { title: page('login') },
                },
                {
                  path: paths.register.pattern,
                  lazy: () => import('./routes/register'),
                  handle: { title: page('register') },
                },
                {
                  path: paths.forgotPassword.pattern,
                  lazy: () => import('./routes/forgot-password'),
                  handle: { title: page('forgotPassword') },
                },
                {
                  path: paths.resetPassword.pattern,
                  lazy: () => import('./routes/reset-password'),
                  handle: { title: page('resetPassword') },
                },
              ],
            },
            {
              id: 'public',
              loader: publicPage,
              shouldRevalidate: alwaysRevalidate,
              children: [
                {
                  path: paths.onboarding.pattern,
                  lazy: () => import('./routes/onboarding'),
                  handle: { title: page('onboarding') },
                },
                {
                  path: paths.discover.pattern,
                  lazy: () => import('./routes/discover'),
                  handle: { title: page('discover') },
                },
              ],
            },
          ],
        },
        {
          id: 'signed-in',
          loader: requireSession,
          shouldRevalidate: alwaysRevalidate,
          children: [
            { id: 'main', lazy: () => import('./routes/main-layout'), children: mainScreens },
            { id: 'simple', lazy: () => import('./routes/simple-layout'), children: simpleScreens },
          ],
        },
        { path: '*', loader: unknownPath },
      ],
    },
  ];
}

/** The bare base host belongs to no organisation: the organisation picker, and the onboarding. */
export function bareHostRoutes(): RouteObject[] {
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: () => <PageLoader fullScreen />,
      children: [
        {
          lazy: publicLayout,
          children: [
            {
              index: true,
              lazy: () => import('./routes/organization-picker'),
              handle: { title: page('organizationPicker') },
            },
            {
              path: paths.onboarding.pattern,
              lazy: () => import('./routes/onboarding'),
              handle: { title: page('onboarding') },
            },
            {
              path: paths.redirectMessage.pattern,
              lazy: () => import('./routes/redirect-message'),
              handle: { title: page('redirectMessage') },
            },
            {
              path: paths.organizationError.pattern,
              lazy: () => import('./routes/organization-error'),
              handle: { title: page('organizationError') },
            },
          ],
        },
        { path: '*', loader: () => redirect(paths.home.to()) },
      ],
    },
  ];
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Lets the guards know the page being left (a failure "coming from a non-login page"). */
export function trackNavigations(router: AppRouter): void {
  router.subscribe((state) => {
    if (state.navigation.state === 'idle' && state.initialized)
      rememberCommittedLocation(state.location.pathname);
  });
}

/** The browser router for this address. */
export function createAppRouter(hasOrganization: boolean): AppRouter {
  const router = createBrowserRouter(hasOrganization ? organizationRoutes() : bareHostRoutes());
  trackNavigations(router);
  return router;
}
