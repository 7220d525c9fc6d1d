import { SYSTEM_ORGANIZATION_ID, displayName } from '@inscrio/shared';
import { ChevronDown, ChevronUp, ExternalLink, LogOut, UserRound, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { CustomButtonSettings } from '@inscrio/shared';
import type { PublicOrganization, User } from '@/lib/api-types';
import { useAuth } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { currentLocale } from '@/lib/i18n';
import { useAddressOrganization } from '@/lib/organization-context';
import { organizationUrl, SYSTEM_ORGANIZATION_KEY } from '@/lib/organization-host';
import { paths } from '@/lib/paths';
import { useInboxUnread } from '@/lib/inbox-unread';
import { signOut } from '@/lib/session';
import { buildMenu, type MenuEntry, menuKind } from './menu';
import { OrganizationLogo } from './organization-logo';

/** Scroll buttons show once the list can move more than this many pixels (spec section 9). */
export const SCROLL_BUTTON_THRESHOLD_PX = 20;

function pathOf(to: string): string {
  return to.split('?')[0] ?? to;
}

function isEntryActive(entry: MenuEntry, pathname: string): boolean {
  if (entry.external) return false;
  const target = pathOf(entry.to);
  if (pathname === target) return true;
  if (entry.matchPrefix && (pathname === entry.matchPrefix || pathname.startsWith(`${entry.matchPrefix}/`))) {
    return true;
  }
  return entry.children?.some((child) => isEntryActive(child, pathname)) ?? false;
}

interface EntryProps {
  entry: MenuEntry;
  collapsed: boolean;
  pathname: string;
  onNavigate?: () => void;
  child?: boolean;
}

/** The family's unread messages beside « Messages »; nothing when all are read. */
function UnreadBadge({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('navigation');
  const unread = useInboxUnread().data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span
      className={cn(
        'ml-auto rounded-full bg-brand-600 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums',
        collapsed && 'absolute top-1 right-1 ml-0',
      )}
      data-unread-count={unread}
    >
      <span aria-hidden="true">{unread}</span>
      <span className="sr-only">{t('layout.unread', { count: unread })}</span>
    </span>
  );
}

function EntryLink({ entry, collapsed, pathname, onNavigate, child = false }: EntryProps) {
  const { t } = useTranslation('navigation');
  const label = entry.labelKey ? t(`menu.${entry.labelKey}`) : (entry.label ?? '');
  const active = !entry.children && isEntryActive(entry, pathname);
  const groupActive = Boolean(entry.children) && isEntryActive(entry, pathname);
  const Icon = entry.icon;
  const classes = cn(
    'group relative flex min-h-10 flex-1 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
    child && 'min-h-9 pl-10 text-[13px]',
    collapsed && 'justify-center px-0',
    active
      ? 'bg-brand-50 text-brand-800'
      : groupActive
        ? 'text-slate-900'
        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );
  const content = (
    <>
      {child ? null : (
        <Icon
          className={cn(
            'size-[18px] shrink-0',
            active || groupActive ? 'text-brand-700' : 'text-slate-400 group-hover:text-slate-600',
          )}
          aria-hidden="true"
        />
      )}
      <span className={cn('truncate', collapsed && 'sr-only')}>{label}</span>
      {entry.badge === 'inbox-unread' ? <UnreadBadge collapsed={collapsed} /> : null}
      {entry.external && !collapsed ? (
        <>
          <ExternalLink className="ml-auto size-3.5 text-slate-400" aria-hidden="true" />
          <span className="sr-only">({t('layout.externalLink')})</span>
        </>
      ) : null}
    </>
  );
  const dataAttributes = child ? { 'data-menu-child': entry.id } : { 'data-menu-entry': entry.id };
  if (entry.external) {
    return (
      <a
        href={entry.to}
        target="_blank"
        rel="noopener noreferrer"
        className={classes}
        title={collapsed ? label : undefined}
        {...dataAttributes}
      >
        {content}
      </a>
    );
  }
  return (
    <Link
      to={entry.to}
      className={classes}
      aria-current={active ? 'page' : undefined}
      title={collapsed ? label : undefined}
      onClick={onNavigate}
      {...dataAttributes}
    >
      {content}
    </Link>
  );
}

/** A top-level entry; entries with children (Activités, Membres) collapse. */
function MenuItem({ entry, collapsed, pathname, onNavigate }: EntryProps) {
  const { t } = useTranslation('navigation');
  const groupId = useId();
  const containsCurrent = isEntryActive(entry, pathname);
  const [open, setOpen] = useState(containsCurrent);
  useEffect(() => {
    if (containsCurrent) setOpen(true);
  }, [containsCurrent]);

  if (!entry.children || collapsed) {
    return (
      <li className="flex">
        <EntryLink entry={entry} collapsed={collapsed} pathname={pathname} onNavigate={onNavigate} />
      </li>
    );
  }
  const label = entry.labelKey ? t(`menu.${entry.labelKey}`) : (entry.label ?? '');
  return (
    <li>
      <div className="flex items-center gap-1">
        <EntryLink
          entry={entry}
          collapsed={collapsed}
          pathname={pathname}
          onNavigate={() => {
            setOpen(true);
            onNavigate?.();
          }}
        />
        <button
          type="button"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={groupId}
          aria-label={t('layout.toggleSection', { label })}
          className="grid size-9 shrink-0 place-items-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          <ChevronDown
            className={cn('size-4 transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
      </div>
      <ul id={groupId} hidden={!open} className="mt-0.5 space-y-0.5">
        {entry.children.map((child) => (
          <li key={child.id} className="flex">
            <EntryLink entry={child} collapsed={false} pathname={pathname} onNavigate={onNavigate} child />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The list area: scrolls on short screens, with up and down buttons once there is somewhere to go. */
function ScrollArea({ children }: { children: ReactNode }) {
  const { t } = useTranslation('navigation');
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ up: false, down: false });

  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const below = element.scrollHeight - element.clientHeight - element.scrollTop;
    setEdges({
      up: element.scrollTop > SCROLL_BUTTON_THRESHOLD_PX,
      down: below > SCROLL_BUTTON_THRESHOLD_PX,
    });
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    measure();
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => observer?.disconnect();
  }, [measure]);

  const scrollBy = (delta: number) => ref.current?.scrollBy({ top: delta, behavior: 'smooth' });
  const buttonClasses =
    'absolute inset-x-2 z-10 flex h-7 items-center justify-center rounded-md bg-white/95 text-slate-500 shadow-sm ring-1 ring-slate-200 hover:text-slate-800';

  return (
    <div className="relative min-h-0 flex-1">
      {edges.up ? (
        <button
          type="button"
          className={cn(buttonClasses, 'top-1')}
          onClick={() => scrollBy(-160)}
          aria-label={t('layout.scrollUp')}
        >
          <ChevronUp className="size-4" aria-hidden="true" />
        </button>
      ) : null}
      <div
        ref={ref}
        onScroll={measure}
        className="h-full overflow-y-auto overscroll-contain px-3 py-3 [scrollbar-width:thin]"
        data-menu-scroll=""
      >
        {children}
      </div>
      {edges.down ? (
        <button
          type="button"
          className={cn(buttonClasses, 'bottom-1')}
          onClick={() => scrollBy(160)}
          aria-label={t('layout.scrollDown')}
        >
          <ChevronDown className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}

function UserBadge({ user, collapsed }: { user: User; collapsed: boolean }) {
  const name = displayName(user, 'member', currentLocale());
  const letters =
    `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`.toUpperCase() || name[0]?.toUpperCase();
  return (
    <div
      className={cn('flex items-center gap-3 px-2 py-1.5', collapsed && 'justify-center px-0')}
      title={collapsed ? name : undefined}
    >
      <span
        className="grid size-9 shrink-0 place-items-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700 ring-1 ring-slate-200"
        aria-hidden="true"
      >
        {letters}
      </span>
      <div className={cn('min-w-0 leading-tight', collapsed && 'sr-only')}>
        <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
        <p className="truncate text-xs text-slate-500">{user.email}</p>
      </div>
    </div>
  );
}

function FooterButton({
  icon: Icon,
  label,
  collapsed,
  onClick,
  to,
  href,
  testId,
}: {
  icon: typeof LogOut;
  label: string;
  collapsed: boolean;
  onClick?: () => void;
  to?: string;
  href?: string;
  testId: string;
}) {
  const classes = cn(
    'flex min-h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900',
    collapsed && 'justify-center px-0',
  );
  const content = (
    <>
      <Icon className="size-[18px] shrink-0 text-slate-400" aria-hidden="true" />
      <span className={cn('truncate', collapsed && 'sr-only')}>{label}</span>
    </>
  );
  if (to) {
    return (
      <Link
        to={to}
        className={classes}
        title={collapsed ? label : undefined}
        onClick={onClick}
        data-menu-footer={testId}
      >
        {content}
      </Link>
    );
  }
  if (href) {
    return (
      <a href={href} className={classes} title={collapsed ? label : undefined} data-menu-footer={testId}>
        {content}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={classes}
      onClick={onClick}
      title={collapsed ? label : undefined}
      data-menu-footer={testId}
    >
      {content}
    </button>
  );
}

export interface SideMenuProps {
  /** The 4rem rail of wide screens: icons only. */
  collapsed?: boolean;
  /** Called after a link is followed (closes the drawer). */
  onNavigate?: () => void;
  /** The organisation website's external button, once the website feature provides it. */
  customButton?: CustomButtonSettings | null;
  /** In the drawer: a close button in the menu's header. */
  onClose?: () => void;
}

/** Brand, the entries of the user's kind (spec section 2), and the footer. */
export function SideMenu({ collapsed = false, onNavigate, customButton = null, onClose }: SideMenuProps) {
  const { t } = useTranslation('navigation');
  const { user, organization: selected } = useAuth();
  const addressOrganization = useAddressOrganization();
  const organization: PublicOrganization | null = addressOrganization ?? selected;
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const kind = menuKind(user, organization);
  const sections = buildMenu(kind, {
    organizationId: organization?.id ?? '',
    establishment: user?.establishment,
    customButton,
  });

  const inOwnOrganization = user !== null && organization !== null && user.organizationId === organization.id;
  // Platform staff working inside a club: 'Connecté à' the club, and the way back to the platform.
  const staffInsideOrganization =
    user !== null &&
    organization !== null &&
    user.organizationId === SYSTEM_ORGANIZATION_ID &&
    !organization.systemAdmin &&
    organization.id !== SYSTEM_ORGANIZATION_ID;

  const handleSignOut = async () => {
    onNavigate?.();
    await signOut();
    navigate(paths.login.to(), { replace: true });
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div
        className={cn(
          'flex h-16 shrink-0 items-center gap-3 border-b border-slate-100 px-4',
          collapsed && 'justify-center px-0',
        )}
      >
        <OrganizationLogo organization={organization} />
        <div className={cn('min-w-0 flex-1', collapsed && 'sr-only')}>
          <p className="truncate text-sm font-semibold text-slate-900" data-menu-organization="">
            {organization?.name}
          </p>
          <p className="truncate text-xs text-slate-500">Inscrio</p>
        </div>
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label={t('layout.closeMenu')}
            className="-mr-1 grid size-9 shrink-0 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        ) : null}
      </div>

      <ScrollArea>
        <nav aria-label={t('layout.mainNavigation')} className="space-y-5">
          {sections.map((section) => (
            <div key={section.id} className="space-y-1">
              {section.titleKey ? (
                <p
                  className={cn(
                    'px-3 pb-1 text-[11px] font-semibold tracking-wider text-slate-500 uppercase',
                    collapsed && 'sr-only',
                  )}
                  data-menu-section={section.id}
                >
                  {t(`sections.${section.titleKey}`)}
                </p>
              ) : null}
              {section.titleKey && collapsed ? (
                <hr className="mx-3 border-slate-200" aria-hidden="true" />
              ) : null}
              <ul className="space-y-0.5">
                {section.entries.map((entry) => (
                  <MenuItem
                    key={entry.id}
                    entry={entry}
                    collapsed={collapsed}
                    pathname={pathname}
                    onNavigate={onNavigate}
                  />
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </ScrollArea>

      <div className="shrink-0 space-y-1 border-t border-slate-100 p-3">
        {user ? <UserBadge user={user} collapsed={collapsed} /> : null}
        {staffInsideOrganization && organization ? (
          <div
            className={cn(
              'rounded-xl border border-amber-200 bg-amber-50 p-3 text-amber-950',
              collapsed && 'p-1.5',
            )}
            data-menu-connected-to=""
          >
            <p className={cn('text-xs font-medium text-amber-800', collapsed && 'sr-only')}>
              {t('footer.connectedTo')}
            </p>
            <p className={cn('truncate text-sm font-semibold', collapsed && 'sr-only')}>
              {organization.name}
            </p>
            <div className={cn('mt-2 space-y-1', collapsed && 'mt-0')}>
              <FooterButton
                icon={ExternalLink}
                label={t('footer.exitSystemAdmin')}
                collapsed={collapsed}
                href={organizationUrl(SYSTEM_ORGANIZATION_KEY, paths.organization.to(organization.id))}
                testId="exit-system-admin"
              />
              <FooterButton
                icon={LogOut}
                label={t('footer.signOut')}
                collapsed={collapsed}
                onClick={handleSignOut}
                testId="sign-out"
              />
            </div>
          </div>
        ) : (
          <>
            {inOwnOrganization ? (
              <FooterButton
                icon={UserRound}
                label={t('footer.profile')}
                collapsed={collapsed}
                to={paths.profile.to()}
                onClick={onNavigate}
                testId="profile"
              />
            ) : null}
            <FooterButton
              icon={LogOut}
              label={t('footer.signOut')}
              collapsed={collapsed}
              onClick={handleSignOut}
              testId="sign-out"
            />
          </>
        )}
      </div>
    </div>
  );
}
