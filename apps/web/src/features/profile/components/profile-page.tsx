import { displayName } from '@inscrio/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth-store';
import { formatDateTime } from '@/lib/dates';
import { isFamilyAccount } from '@/lib/family-members';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { AccountCard } from './account-card';
import { CompanyCard } from './company-card';
import { ConditionsCard } from './conditions-card';
import { PasswordCard } from './password-card';
import { PersonCard } from './person-card';
import { PrivacyCard } from './privacy-card';
import { RemindersPreference } from './reminders-preference';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{term}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">
        {children || <span className="text-slate-500">—</span>}
      </dd>
    </div>
  );
}

type Section = 'account' | 'person' | 'password' | 'company' | 'conditions' | 'privacy' | 'preferences';

const anchor = (section: Section) => `profile-${section}`;

/**
 * `/profile`: the account (name, e-mail), the person form, the password, and for families the company
 * invoices are made out to and the organisation's conditions; then the user's data (download, delete).
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { user } = useAuth();
  const family = isFamilyAccount(user);

  const sections: Section[] = family
    ? ['account', 'person', 'password', 'company', 'conditions', 'privacy', 'preferences']
    : ['account', 'person', 'password', 'privacy', 'preferences'];

  return (
    <PageContainer className="max-w-6xl">
      <PageHeader title={t('title')} description={user ? displayName(user, 'member', locale) : undefined} />

      <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8">
        <nav aria-label={t('nav.label')} className="hidden lg:block">
          <ul className="sticky top-8 space-y-1 text-sm">
            {sections.map((section) => (
              <li key={section}>
                <a
                  href={`#${anchor(section)}`}
                  className="block rounded-lg px-3 py-2 font-medium text-slate-600 hover:bg-white hover:text-slate-900 hover:shadow-xs"
                >
                  {t(`nav.${section}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="min-w-0 space-y-6">
          <AccountCard id={anchor('account')} />
          <PersonCard id={anchor('person')} />
          <PasswordCard id={anchor('password')} />
          {family ? <CompanyCard id={anchor('company')} /> : null}
          {family ? <ConditionsCard id={anchor('conditions')} /> : null}
          <PrivacyCard id={anchor('privacy')} />

          <Card id={anchor('preferences')} className="scroll-mt-6">
            <CardHeader>
              <CardTitle>{t('preferences.title')}</CardTitle>
            </CardHeader>
            <CardContent className="pt-2">
              <dl className="divide-y divide-slate-100">
                <Detail term={t('preferences.language')}>{t(`preferences.languages.${locale}`)}</Detail>
                <Detail term={t('preferences.lastLogin')}>
                  {user?.lastLoginAt ? formatDateTime(user.lastLoginAt, timeZone, locale) : null}
                </Detail>
              </dl>
              {family ? <RemindersPreference /> : null}
            </CardContent>
          </Card>
        </div>
      </div>
    </PageContainer>
  );
}
