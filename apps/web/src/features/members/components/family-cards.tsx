import { GENDERS } from '@inscrio/shared';
import { Baby, ChevronRight, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate, formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import type { MemberDetail } from '../api/types';
import { useTimeZone } from '@/lib/use-time-zone';
import { addressLine } from './person-card';

/** The family members without an account of their own (children, mostly), with their age. */
export function FamilyCard({ member }: { member: MemberDetail }) {
  const { t } = useTranslation('members');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const own = addressLine(member.person);
  return (
    <Card data-family-card="">
      <CardHeader>
        <CardTitle>{t('family.title')}</CardTitle>
        {member.family.length > 0 ? (
          <CardDescription>{t('family.count', { count: member.family.length })}</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="pt-3">
        {member.family.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
            {t('family.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {member.family.map((person) => {
              const address = addressLine(person);
              return (
                <li key={person.id} className="flex gap-3 px-4 py-3" data-family-member="">
                  <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
                    <Baby className="size-4" aria-hidden="true" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-baseline gap-x-2">
                      <span className="font-semibold text-slate-900">{person.displayName}</span>
                      {person.ageText ? (
                        <span className="text-sm text-slate-600">{person.ageText}</span>
                      ) : null}
                    </p>
                    <p className="text-xs text-slate-500">
                      {[
                        GENDERS.is(person.gender) ? GENDERS.label(person.gender, locale) : null,
                        person.birthdate
                          ? t('family.born', { date: formatDate(person.birthdate, timeZone, locale) })
                          : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    {address && address !== own ? (
                      <p className="mt-0.5 text-xs text-slate-500">{address}</p>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The other adults of the family (second parent, guardian), each with their own account. */
export function RepresentativesCard({ member }: { member: MemberDetail }) {
  const { t } = useTranslation('members');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <Card data-representatives-card="">
      <CardHeader>
        <CardTitle>{t('representatives.title')}</CardTitle>
        <CardDescription>{t('representatives.description')}</CardDescription>
      </CardHeader>
      <CardContent className="pt-3">
        {member.representatives.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
            {t('representatives.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {member.representatives.map((person) => (
              <li key={person.userId}>
                <Link
                  to={paths.participant.to(person.userId)}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50"
                >
                  <span className="grid size-9 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-600">
                    <UserRound className="size-4" aria-hidden="true" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-slate-900">{person.displayName}</span>
                    <span className="block truncate text-sm text-slate-600">{person.email}</span>
                    <span className="block text-xs text-slate-500">
                      {t('list.lastLoginShort')}{' '}
                      {person.lastLoginAt
                        ? formatDateTime(person.lastLoginAt, timeZone, locale)
                        : t('list.never')}
                    </span>
                  </span>
                  <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
