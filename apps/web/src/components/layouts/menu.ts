import {
  DEFAULT_ESTABLISHMENT_ID,
  isCustomButtonVisible,
  SYSTEM_ORGANIZATION_ID,
  type CustomButtonSettings,
  type UserKind,
  userKind,
  withHttps,
} from '@inscrio/shared';
import {
  Building,
  Building2,
  Calculator,
  CalendarDays,
  CalendarRange,
  ClipboardList,
  Clock,
  Dumbbell,
  ExternalLink,
  FileText,
  History,
  Mail,
  House,
  LayoutGrid,
  LifeBuoy,
  type LucideIcon,
  Receipt,
  RotateCcw,
  Settings,
  ShieldCheck,
  ShoppingBag,
  UserCheck,
  Users,
  UsersRound,
} from 'lucide-react';
import type { PublicOrganization, User } from '@/lib/api-types';
import { paths } from '@/lib/paths';

/*
 * The side menu by user kind, exactly as spec section 2, with the destinations of DESIGN.md section 9.
 * Pure data: the side menu renders it, the dashboard picks its cards from it, tests read it.
 */

/** A user kind of the shared package, or the fallback menu when the user is not known (yet). */
export type MenuKind = UserKind | 'fallback';

export type MenuLabelKey =
  | 'home'
  | 'catalog'
  | 'myActivities'
  | 'family'
  | 'recoveryTokens'
  | 'documents'
  | 'orders'
  | 'activities'
  | 'participants'
  | 'workTime'
  | 'members'
  | 'periods'
  | 'registrations'
  | 'establishments'
  | 'accounting'
  | 'configuration'
  | 'organizations'
  | 'adminsAndSupports'
  | 'billing'
  | 'contactSupport'
  | 'allActivities'
  | 'sessionsAttendance'
  | 'allMembers'
  | 'holders'
  | 'audit'
  | 'communications';

export interface MenuEntry {
  id: string;
  /** Key under `navigation:menu`; absent for the organisation's own custom button. */
  labelKey?: MenuLabelKey;
  /** Literal label (the custom button's name). */
  label?: string;
  to: string;
  icon: LucideIcon;
  /** Opens another site in a new tab. */
  external?: boolean;
  /** A count shown beside the label: the family's unread messages. */
  badge?: 'inbox-unread';
  /** A collapsing group (the Services and Members menus of spec section 2). */
  children?: MenuEntry[];
  /** Routes under this prefix also mark the entry as current. */
  matchPrefix?: string;
}

export interface MenuSection {
  id: 'main' | 'organization';
  /** Key under `navigation:sections`. */
  titleKey?: 'organization';
  entries: MenuEntry[];
}

export interface MenuContext {
  /** The selected organisation (the one of the address). */
  organizationId: string;
  /** The establishment of an establishment manager. */
  establishment?: string | null;
  /** The organisation website's external button (shown to simple users when complete). */
  customButton?: CustomButtonSettings | null;
}

/** Which menu a user sees in an organisation; no user gives the fallback menu. */
export function menuKind(
  user: Pick<User, 'role' | 'isHolder' | 'isSystemAdmin'> | null | undefined,
  organization: Pick<PublicOrganization, 'id' | 'systemAdmin'> | null | undefined,
): MenuKind {
  if (!user) return 'fallback';
  const inSystem = organization
    ? organization.systemAdmin || organization.id === SYSTEM_ORGANIZATION_ID
    : false;
  try {
    return userKind(user, inSystem) ?? 'fallback';
  } catch {
    return 'fallback';
  }
}

const entry = (
  id: MenuLabelKey,
  to: string,
  icon: LucideIcon,
  extra: Partial<MenuEntry> = {},
): MenuEntry => ({
  id,
  labelKey: id,
  to,
  icon,
  ...extra,
});

const home = () => entry('home', paths.home.to(), House);
const documents = () => entry('documents', paths.documents.to(), FileText);
/** The family's messages (`/communications`, issue #20), with their unread count. */
const communications = () =>
  entry('communications', paths.communications.to(), Mail, { badge: 'inbox-unread' });
const orders = () => entry('orders', paths.orders.to(), ShoppingBag, { matchPrefix: '/orders' });
const recoveryTokens = () =>
  entry('recoveryTokens', paths.recoveryTokens.to(), RotateCcw, { matchPrefix: '/recovery-tokens' });
const organizations = () =>
  entry('organizations', paths.organizationsList.to(), Building, { matchPrefix: '/organizations' });

function customButtonEntry(settings: CustomButtonSettings | null | undefined): MenuEntry[] {
  if (!settings || !isCustomButtonVisible(settings)) return [];
  return [
    {
      id: 'custom-button',
      label: settings.customButtonName?.trim() ?? '',
      to: withHttps(settings.customButtonURL),
      icon: ExternalLink,
      external: true,
    },
  ];
}

/** The manager menus: organisation managers and administrators, establishment managers. */
function managerMenu(context: MenuContext, establishmentManager: boolean): MenuSection[] {
  // An establishment manager of a secondary establishment sees only their establishment's data, so the
  // organisation-wide accounting is hidden from them (the "one case" of spec section 2).
  const hideAccounting =
    establishmentManager && (context.establishment ?? DEFAULT_ESTABLISHMENT_ID) !== DEFAULT_ESTABLISHMENT_ID;
  const organizationEntries: MenuEntry[] = [
    ...(establishmentManager
      ? [entry('establishments', paths.establishments.to(), Building2, { matchPrefix: '/establishments' })]
      : []),
    ...(hideAccounting
      ? []
      : [entry('accounting', paths.accounting.to(), Calculator, { matchPrefix: '/accounting' })]),
    documents(),
    entry('audit', paths.audit.to(), History, { matchPrefix: '/audit' }),
    entry('configuration', paths.organizationConfiguration.to(context.organizationId), Settings, {
      matchPrefix: '/configuration',
    }),
  ];
  return [
    {
      id: 'main',
      entries: [
        home(),
        entry('activities', paths.blueprints.to(), Dumbbell, {
          children: [
            entry('allActivities', paths.blueprints.to(), Dumbbell, { matchPrefix: '/managing' }),
            entry('sessionsAttendance', paths.attendanceServices.to(), ClipboardList, {
              matchPrefix: '/attendance',
            }),
          ],
        }),
        entry('members', paths.membersAll.to(), UsersRound, {
          children: [
            // The creation form belongs to the whole list.
            entry('allMembers', paths.membersAll.to(), UsersRound, { matchPrefix: paths.membersCreate.to() }),
            entry('participants', paths.participants.to(), Users, { matchPrefix: '/members/participants' }),
            entry('holders', paths.holders.to(), UserCheck, { matchPrefix: '/members/holders' }),
          ],
        }),
        entry('periods', paths.periods.to(), CalendarRange, { matchPrefix: '/managing/periods' }),
        entry('registrations', paths.registry.to(), ClipboardList),
        recoveryTokens(),
      ],
    },
    { id: 'organization', titleKey: 'organization', entries: organizationEntries },
  ];
}

/** The sections of the side menu for a kind of user (spec section 2, DESIGN.md section 9). */
export function buildMenu(kind: MenuKind, context: MenuContext): MenuSection[] {
  switch (kind) {
    case 'user':
      return [
        {
          id: 'main',
          entries: [
            home(),
            entry('catalog', paths.catalog.to(), LayoutGrid, { matchPrefix: '/catalog' }),
            entry('myActivities', paths.calendar.to(), CalendarDays),
            entry('family', paths.delegations.to(), Users),
            recoveryTokens(),
            communications(),
            documents(),
            orders(),
            ...customButtonEntry(context.customButton),
          ],
        },
      ];
    case 'holder':
      return [
        {
          id: 'main',
          entries: [
            home(),
            entry('activities', paths.holdingServices.to(), Dumbbell, { matchPrefix: '/holdings/services' }),
            entry('participants', paths.holdingAttendees.to(), UserCheck),
            entry('workTime', paths.workTime.to(), Clock),
            communications(),
            documents(),
            orders(),
          ],
        },
      ];
    case 'org-manager':
      return managerMenu(context, false);
    case 'est-manager':
      return managerMenu(context, true);
    case 'system-admin':
      return [
        {
          id: 'main',
          entries: [
            organizations(),
            entry('adminsAndSupports', paths.membersAll.to(), ShieldCheck, { matchPrefix: '/members' }),
            entry('billing', paths.billing.to(), Receipt, { matchPrefix: '/billing' }),
            entry('configuration', paths.organizationConfiguration.to(SYSTEM_ORGANIZATION_ID), Settings, {
              matchPrefix: '/configuration',
            }),
          ],
        },
      ];
    case 'support':
      return [
        {
          id: 'main',
          entries: [organizations(), entry('contactSupport', paths.contactSupport.to(), LifeBuoy)],
        },
      ];
    case 'fallback':
      return [{ id: 'main', entries: [home(), documents(), orders()] }];
  }
}

/**
 * Create shortcuts (establishment, activity, period, member). The original product defines this list
 * without showing it anywhere (spec section 2); it is kept for the screens that will use it.
 */
export const CREATE_SHORTCUTS = [
  { id: 'establishment', to: paths.createEstablishment.to(), icon: Building2 },
  { id: 'activity', to: paths.blueprints.to(), icon: Dumbbell },
  { id: 'period', to: paths.createPeriod.to(), icon: CalendarRange },
  { id: 'member', to: paths.membersCreate.to(), icon: UsersRound },
] as const;

/** Every entry, children included, in menu order. */
export function flattenMenu(sections: MenuSection[]): MenuEntry[] {
  return sections.flatMap((section) => section.entries.flatMap((item) => [item, ...(item.children ?? [])]));
}
