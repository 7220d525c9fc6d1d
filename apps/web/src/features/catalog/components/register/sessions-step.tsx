import { UserPlus } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox, CheckboxField } from '@/components/ui/checkbox';
import { SessionStatusBadge } from '@/components/ui/session-status-badge';
import { cn } from '@/lib/cn';
import {
  isFull,
  type RegisterFormValues,
  type Session,
  sessionGroups,
  toggleId,
} from './register-form-model';
import { RegisterStep, StepError } from './register-step';
import { useSessionLabel } from './session-label';

/**
 * Step 1: the sessions, grouped by period; a period of several sessions may be taken whole (it then
 * goes alone: the API takes a period or a list of sessions). A full session offers the waiting list.
 */
export function SessionsStep({
  bookable,
  asking,
  periodName,
  canWait,
  onWaitingList,
}: {
  bookable: Session[];
  /** Asking needs no free seat: the club decides (and may offer the waiting list). */
  asking: boolean;
  periodName: (periodId: string) => string;
  /** Whether the family has members to put on a waiting list. */
  canWait: boolean;
  onWaitingList: (session: Session) => void;
}) {
  const { t } = useTranslation('catalog');
  const label = useSessionLabel();
  const { control, setValue, clearErrors, formState } = useFormContext<RegisterFormValues>();
  const [serviceIds, periodId] = useWatch({ control, name: ['serviceIds', 'periodId'] });
  const groups = sessionGroups(bookable);
  const choose = (next: Pick<RegisterFormValues, 'serviceIds' | 'periodId'>) => {
    setValue('serviceIds', next.serviceIds);
    setValue('periodId', next.periodId);
    clearErrors('serviceIds');
  };

  return (
    <RegisterStep number={1} title={t('register.sessions')}>
      {bookable.length === 0 ? (
        <p className="text-sm text-slate-600">{t('detail.sessions.empty')}</p>
      ) : (
        <div className="space-y-4">
          {groups.map((group) => {
            const wholePeriod = group.id !== null && periodId === group.id;
            return (
              <div key={group.id ?? 'none'} className="space-y-1" data-period-group={group.id ?? ''}>
                {group.id !== null && (groups.length > 1 || group.sessions.length > 1) ? (
                  <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2">
                    <p className="text-sm font-semibold text-slate-800">{periodName(group.id)}</p>
                    {group.sessions.length > 1 ? (
                      <CheckboxField
                        label={t('register.wholePeriod')}
                        checked={wholePeriod}
                        onChange={(event) =>
                          choose({ serviceIds: [], periodId: event.target.checked ? group.id : null })
                        }
                        data-whole-period={group.id}
                      />
                    ) : null}
                  </div>
                ) : null}
                <ul className="divide-y divide-slate-100">
                  {group.sessions.map((session) => {
                    const full = !asking && isFull(session);
                    const checked = wholePeriod || serviceIds.includes(session.id);
                    return (
                      <li
                        key={session.id}
                        className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
                        data-register-session={session.id}
                      >
                        <label
                          className={cn(
                            'flex min-w-0 flex-1 items-center gap-3 text-sm',
                            full || wholePeriod ? 'cursor-default' : 'cursor-pointer',
                          )}
                        >
                          <Checkbox
                            checked={checked && !full}
                            disabled={full || wholePeriod}
                            onChange={(event) =>
                              choose({
                                serviceIds: toggleId(serviceIds, session.id, event.target.checked),
                                periodId: null,
                              })
                            }
                            aria-label={label(session.startDateTime, session.duration)}
                          />
                          <span className="min-w-0">
                            <span
                              className={cn('block font-medium text-slate-900', full && 'text-slate-500')}
                            >
                              {label(session.startDateTime, session.duration)}
                            </span>
                            {!full && !asking && session.seats.freeSeats > 0 ? (
                              <span className="block text-xs text-slate-500">
                                {t('seats.free', { count: session.seats.freeSeats })}
                              </span>
                            ) : null}
                          </span>
                        </label>
                        {session.status === 'postponed' ? <SessionStatusBadge status="postponed" /> : null}
                        {full ? (
                          <span className="flex items-center gap-2">
                            <Badge variant="destructive" data-full="">
                              {t('seats.full')}
                            </Badge>
                            {canWait ? (
                              <Button
                                size="sm"
                                variant="ghost"
                                className="h-7 px-2 text-brand-700"
                                onClick={() => onWaitingList(session)}
                                data-waiting-list={session.id}
                              >
                                <UserPlus aria-hidden="true" />
                                {t('register.request.waiting-list.action')}
                              </Button>
                            ) : null}
                          </span>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </div>
            );
          })}
        </div>
      )}
      <StepError message={formState.errors.serviceIds ? t('register.errors.sessions') : undefined} />
    </RegisterStep>
  );
}
