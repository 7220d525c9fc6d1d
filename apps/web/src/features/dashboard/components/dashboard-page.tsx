import { ArrowRight, UsersRound, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { buildMenu, type MenuEntry, menuKind, type MenuKind } from '@/components/layouts/menu';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth-store';
import { DEFAULT_TIME_ZONE, formatPattern } from '@/lib/dates';
import {
  hasDoneFamilyOnboarding,
  useFamilyMembersQuery,
  useFamilyPromptDismissed,
} from '@/lib/family-members';
import { useAddressOrganization } from '@/lib/organization-context';
import { PAGE_NOT_FOUND, paths, QUERY } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';

/** The cards of the dashboard: the user's menu destinations, the index itself left out. */
export function dashboardCards(
  kind: MenuKind,
  organizationId: string,
  establishment?: string | null,
): MenuEntry[] {
  return buildMenu(kind, { organizationId, establishment })
    .flatMap((section) => section.entries)
    .filter((entry) => entry.labelKey !== 'home' && !entry.external);
}

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/**
 * `/`: greeting, the day in the organisation's time zone, and cards to the user's destinations. A simple
 * user (a family) also sees `family`: 'Mes activités' and the orders waiting for it, composed by the route;
 * a manager sees `manager` first: what needs doing.
 */
export function DashboardPage({
  family: familySection,
  manager: managerSection,
}: { family?: ReactNode; manager?: ReactNode } = {}) {
  const { t } = useTranslation('dashboard');
  const { t: tn } = useTranslation('navigation');
  const locale = useLocale();
  const { user, organization: selected } = useAuth();
  const addressOrganization = useAddressOrganization();
  const organization = addressOrganization ?? selected;
  const [searchParams, setSearchParams] = useSearchParams();

  const kind = menuKind(user, organization);
  const cards = dashboardCards(kind, organization?.id ?? '', user?.establishment);
  const timeZone = organization?.timeZone ?? DEFAULT_TIME_ZONE;
  const now = new Date();
  const day = formatPattern(
    now,
    locale === 'fr' ? 'EEEE d MMMM yyyy' : 'EEEE, MMMM d, yyyy',
    timeZone,
    locale,
  );
  const today = `${day.charAt(0).toUpperCase()}${day.slice(1)}`;
  const hour = Number(formatPattern(now, 'H', timeZone, locale));
  const pageNotFound = searchParams.get(QUERY.error) === PAGE_NOT_FOUND;
  // The onboarding overlay's prompt, as a quieter second way in once the overlay was put off for the
  // visit ('Plus tard'); both go once the step is recorded (added or skipped) or the family has members.
  const family = useFamilyMembersQuery();
  const familyPromptDismissed = useFamilyPromptDismissed(user?.id);
  const promptFamily =
    kind === 'user' &&
    familyPromptDismissed &&
    !hasDoneFamilyOnboarding(user) &&
    family.isSuccess &&
    family.data.total === 0;

  return (
    <PageContainer>
      <PageHeader
        eyebrow={today}
        title={t(`greeting.${greetingKey(hour)}`, { name: user?.firstName ?? '' }).trim()}
        description={t(`intro.${kind}`, { organization: organization?.name ?? '' })}
      />

      {pageNotFound ? (
        <Alert
          tone="warning"
          data-page-not-found=""
          action={
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('dismiss')}
              onClick={() => {
                searchParams.delete(QUERY.error);
                setSearchParams(searchParams, { replace: true });
              }}
            >
              <X aria-hidden="true" />
            </Button>
          }
        >
          {t('pageNotFound')}
        </Alert>
      ) : null}

      {promptFamily ? (
        <section
          data-family-prompt=""
          className="relative overflow-hidden rounded-2xl bg-brand-800 px-6 py-6 text-white shadow-lg shadow-brand-900/20 sm:px-8"
        >
          <div className="absolute -top-16 -right-10 size-48 rounded-full bg-white/10" aria-hidden="true" />
          <div className="absolute -right-24 -bottom-24 size-56 rounded-full bg-white/5" aria-hidden="true" />
          <div className="relative flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="space-y-1">
              <h2 className="text-lg font-semibold">{t('family.title')}</h2>
              <p className="max-w-xl text-sm text-brand-100">{t('family.text')}</p>
            </div>
            <Button asChild variant="secondary" className="border-transparent">
              <Link to={paths.delegations.to({ 'onboarding-action': 'add-family-members' })}>
                <UsersRound aria-hidden="true" />
                {t('family.action')}
              </Link>
            </Button>
          </div>
        </section>
      ) : null}

      {kind === 'user' && familySection ? <div className="space-y-6">{familySection}</div> : null}

      {(kind === 'org-manager' || kind === 'est-manager') && managerSection ? managerSection : null}

      <section aria-labelledby="dashboard-shortcuts">
        <h2 id="dashboard-shortcuts" className="sr-only">
          {t('shortcuts')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3" data-dashboard-cards="">
          {cards.map((card) => {
            const Icon = card.icon;
            return (
              <li key={card.id}>
                <Link
                  to={card.to}
                  className="group flex h-full items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600 sm:flex-col sm:items-stretch sm:p-5"
                  data-dashboard-card={card.id}
                >
                  <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 transition-colors group-hover:bg-brand-100">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="min-w-0 flex-1 space-y-0.5 sm:space-y-1">
                    <span className="block font-semibold text-slate-900">
                      {card.labelKey ? tn(`menu.${card.labelKey}`) : card.label}
                    </span>
                    <span className="block text-sm text-slate-600">
                      {card.labelKey ? t(`cards.${card.labelKey}`) : null}
                    </span>
                  </span>
                  <ArrowRight
                    className="size-4 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700 sm:hidden"
                    aria-hidden="true"
                  />
                  <span className="hidden items-center gap-1 text-sm font-medium text-brand-700 sm:inline-flex">
                    {t('open')}
                    <ArrowRight
                      className="size-4 transition-transform group-hover:translate-x-0.5"
                      aria-hidden="true"
                    />
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </PageContainer>
  );
}
