import { ageText, formatAge } from '@inscrio/shared';
import { Hourglass, TriangleAlert } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import type { FamilyMember } from '../../hooks/use-family-members';
import { type AgeFit, memberAgeFit } from '../../utils/member-age-fit';
import { pairKey, type RegisterFormValues, toggleId } from './register-form-model';
import { RegisterStep, StepError } from './register-step';
import { memberName } from './session-label';

/** « Trop jeune (4 ans) », « Trop âgée (13 ans) pour 2 séances sur 10 », « Date de naissance inconnue ». */
function useAgeFitText() {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  return (fit: AgeFit, gender: string | null) => {
    if (fit.kind === 'unknown') return t('register.ageFit.unknown');
    const side =
      fit.kind === 'too-young'
        ? t('register.ageFit.tooYoung', { age: formatAge(fit.ageMonths, locale) })
        : t(`register.ageFit.tooOld${gender === 'F' ? 'F' : gender === 'M' ? 'M' : ''}`, {
            age: formatAge(fit.ageMonths, locale),
          });
    return fit.serviceIds.length < fit.total
      ? `${side} ${t('register.ageFit.some', { count: fit.serviceIds.length, total: fit.total })}`
      : side;
  };
}

/**
 * Step 2: the family members who attend, with their age; a member outside the activity's ages is
 * marked, and may be asked for as an exception once sessions are chosen.
 */
export function MembersStep({
  members,
  pending,
  today,
  ageSessions,
  ages,
  requested,
  onAgeRequest,
}: {
  members: readonly FamilyMember[];
  pending: boolean;
  /** Today in the organisation's time zone (yyyy-MM-dd). */
  today: string;
  /** The sessions the age marks speak of, and whether the family chose them. */
  ageSessions: { sessions: { id: string; day: string }[]; chosen: boolean };
  ages: { minAge: number | null; maxAge: number | null };
  /** The (session, member) pairs already asked for. */
  requested: ReadonlySet<string>;
  onAgeRequest: (member: FamilyMember, serviceIds: string[]) => void;
}) {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  const ageFitText = useAgeFitText();
  const { control, setValue, clearErrors, formState } = useFormContext<RegisterFormValues>();
  const memberIds = useWatch({ control, name: 'memberIds' });

  let choices;
  if (pending) {
    choices = <Skeleton className="h-16 w-full rounded-xl" />;
  } else if (members.length === 0) {
    choices = (
      <Alert tone="info" data-no-members="">
        {t('register.noMembers')}{' '}
        <Link
          to={paths.delegations.to({ 'onboarding-action': 'add-family-members' })}
          className="font-semibold underline"
        >
          {t('register.addMembers')}
        </Link>
      </Alert>
    );
  } else {
    choices = (
      <div className="grid gap-2 sm:grid-cols-2" data-members="">
        {members.map((member) => {
          const age = ageText(member.birthdate, today, locale);
          const fit = memberAgeFit(member.birthdate, ageSessions.sessions, ages.minAge, ages.maxAge);
          const asked = fit !== null && fit.serviceIds.every((id) => requested.has(pairKey(id, member.id)));
          const chosen = memberIds.includes(member.id);
          return (
            <div
              key={member.id}
              className={cn(
                'rounded-xl border text-sm transition-colors',
                chosen ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
              )}
              data-member-option={member.id}
            >
              <label className="flex cursor-pointer items-center gap-3 px-3 py-2.5">
                <Checkbox
                  checked={chosen}
                  onChange={(event) => {
                    setValue('memberIds', toggleId(memberIds, member.id, event.target.checked));
                    clearErrors('memberIds');
                  }}
                />
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{memberName(member, locale)}</span>
                  {age ? <span className="block text-xs text-slate-600">{age}</span> : null}
                  {fit ? (
                    <span
                      className="mt-0.5 flex items-start gap-1 text-xs font-medium text-amber-800"
                      data-age-fit={fit.kind}
                    >
                      <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                      {ageFitText(fit, member.gender ?? null)}
                    </span>
                  ) : null}
                </span>
              </label>
              {fit ? (
                <div className="border-t border-slate-200/70 px-3 py-2 text-xs text-slate-600">
                  {asked ? (
                    <span className="flex items-center gap-1.5 text-pink-900" data-age-request-pending="">
                      <Hourglass className="size-3.5" aria-hidden="true" />
                      {t('register.request.pending')}
                    </span>
                  ) : ageSessions.chosen ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="h-7 px-2 text-brand-700"
                      onClick={() => onAgeRequest(member, fit.serviceIds)}
                      data-age-request={member.id}
                    >
                      {t('register.request.age.action')}
                    </Button>
                  ) : (
                    <span>{t('register.ageFit.chooseFirst')}</span>
                  )}
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
    );
  }

  return (
    <RegisterStep number={2} title={t('register.members')}>
      {choices}
      <StepError message={formState.errors.memberIds ? t('register.errors.members') : undefined} />
    </RegisterStep>
  );
}
