import { formatSeats } from '@inscrio/shared';
import { UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { SearchPicker } from '@/components/lists/search-picker';
import { useSearchText } from '@/components/lists/use-debounced-value';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { notificationText } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useActivityOptions, useMemberFamily, useMemberSearch, useSessionOptions } from '../api/options';
import { useRegisterParticipants } from '../api/participants';
import type { MemberAccount } from '../api/types';
import { useSessionDate } from './session-label';

/** What a registration answer may say was refused (the API explains each refusal in the user's language). */
function refusalMessages(result: unknown): string[] {
  if (typeof result !== 'object' || result === null || !('refused' in result)) return [];
  const refused = (result as { refused: unknown }).refused;
  if (!Array.isArray(refused)) return [];
  return refused
    .map((item: unknown) =>
      typeof item === 'object' && item !== null && 'message' in item ? String(item.message) : '',
    )
    .filter(Boolean);
}

function MemberPicker({
  selected,
  onSelect,
}: {
  selected: MemberAccount | null;
  onSelect: (account: MemberAccount | null) => void;
}) {
  const { t } = useTranslation('registry');
  const search = useSearchText();
  const results = useMemberSearch(search.q);

  if (selected) {
    return (
      <div
        className="flex items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 px-3 py-2.5"
        data-selected-account=""
      >
        <UserRound className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-slate-900">{selected.displayName}</span>
          <span className="block truncate text-xs text-slate-600">{selected.email}</span>
        </span>
        <Button variant="ghost" size="sm" onClick={() => onSelect(null)}>
          <X aria-hidden="true" />
          {t('register.change')}
        </Button>
      </div>
    );
  }

  return (
    <SearchPicker
      search={search}
      label={t('register.search')}
      placeholder={t('register.searchPlaceholder')}
      inputProps={{ 'data-register-search': '' }}
      results={results}
      items={results.data?.items ?? []}
      getKey={(account) => account.userId}
      minLength={2}
      idle={<p className="text-xs text-slate-500">{t('register.searchHint')}</p>}
      loadingLabel={t('loading')}
      empty={t('register.noAccount')}
      listProps={{ 'data-account-results': '' }}
      onPick={onSelect}
      optionClassName={() => 'flex flex-col items-start px-3 py-2 hover:bg-slate-50'}
      renderOption={(account) => (
        <>
          <span className="font-medium text-slate-900">{account.displayName}</span>
          <span className="text-xs text-slate-500">{account.email}</span>
        </>
      )}
    />
  );
}

function toggle(list: string[], id: string): string[] {
  return list.includes(id) ? list.filter((item) => item !== id) : [...list, id];
}

function RegisterForm({ initialActivityId, onDone }: { initialActivityId: string; onDone: () => void }) {
  const { t } = useTranslation('registry');
  const locale = useLocale();
  const date = useSessionDate();
  const [account, setAccount] = useState<MemberAccount | null>(null);
  const [memberIds, setMemberIds] = useState<string[]>([]);
  const [activityId, setActivityId] = useState(initialActivityId);
  const [serviceIds, setServiceIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [from] = useState(() => new Date().toISOString());
  const family = useMemberFamily(account?.userId ?? null);
  const activities = useActivityOptions();
  const sessions = useSessionOptions({ blueprintId: activityId, from }, activityId !== '');
  const register = useRegisterParticipants();

  const people = family.data
    ? [
        { id: family.data.memberId, displayName: family.data.displayName, ageText: null },
        ...family.data.family,
      ]
    : [];
  const upcoming = (sessions.data?.items ?? []).filter((session) => session.status !== 'cancelled');

  const chooseAccount = (next: MemberAccount | null) => {
    setAccount(next);
    setMemberIds([]);
  };

  const submit = async () => {
    setError(null);
    setRefusals([]);
    try {
      const result = await register.mutateAsync({ serviceIds, memberIds });
      const refused = refusalMessages(result);
      if (refused.length > 0) {
        setRefusals(refused);
        return;
      }
      notify.success(t('register.done', { count: memberIds.length * serviceIds.length }));
      onDone();
    } catch (cause) {
      setError(notificationText(cause, locale));
    }
  };

  return (
    <>
      <div className="space-y-5">
        <section className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-800">{t('register.memberStep')}</h3>
          <MemberPicker selected={account} onSelect={chooseAccount} />
          {account ? (
            family.isPending ? (
              <div className="flex justify-center py-3">
                <Spinner label={t('loading')} />
              </div>
            ) : family.isError ? (
              <ErrorState error={family.error} onRetry={() => void family.refetch()} />
            ) : (
              <fieldset className="space-y-1.5 pt-1" data-register-people="">
                <legend className="mb-1 text-xs font-medium text-slate-500">{t('register.people')}</legend>
                {people.map((person) => (
                  <label key={person.id} className="flex cursor-pointer items-center gap-2.5 text-sm">
                    <Checkbox
                      checked={memberIds.includes(person.id)}
                      onChange={() => setMemberIds((current) => toggle(current, person.id))}
                    />
                    <span className="font-medium text-slate-800">{person.displayName}</span>
                    {person.ageText ? <span className="text-xs text-slate-500">{person.ageText}</span> : null}
                  </label>
                ))}
              </fieldset>
            )
          ) : null}
        </section>

        <section className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-800">{t('register.sessionStep')}</h3>
          <SelectField
            label={t('filters.activity')}
            value={activityId}
            onChange={(event) => {
              setActivityId(event.target.value);
              setServiceIds([]);
            }}
            data-register-activity=""
          >
            <option value="">{t('register.chooseActivity')}</option>
            {(activities.data?.items ?? []).map((activity) => (
              <option key={activity.id} value={activity.id}>
                {activity.name}
              </option>
            ))}
          </SelectField>
          {activityId === '' ? null : sessions.isPending ? (
            <div className="flex justify-center py-3">
              <Spinner label={t('loading')} />
            </div>
          ) : sessions.isError ? (
            <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
          ) : upcoming.length === 0 ? (
            <p className="py-2 text-sm text-slate-600">{t('register.noSession')}</p>
          ) : (
            <fieldset className="max-h-64 space-y-1.5 overflow-y-auto pr-1" data-register-sessions="">
              <legend className="sr-only">{t('register.sessions')}</legend>
              {upcoming.map((session) => {
                const full = session.seats.freeSeats === 0;
                return (
                  <label
                    key={session.id}
                    className={cn(
                      'flex items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm',
                      full ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-slate-50',
                    )}
                  >
                    <Checkbox
                      disabled={full}
                      checked={serviceIds.includes(session.id)}
                      onChange={() => setServiceIds((current) => toggle(current, session.id))}
                    />
                    <span className="min-w-0 flex-1 font-medium text-slate-800 tabular-nums">
                      {date(session.startDateTime)}
                    </span>
                    <span className="shrink-0 text-xs text-slate-500">
                      {full
                        ? t('register.full')
                        : session.seats.freeSeats === -1
                          ? formatSeats(-1, locale)
                          : t('move.freeSeats', { count: session.seats.freeSeats })}
                    </span>
                  </label>
                );
              })}
            </fieldset>
          )}
        </section>
        {refusals.length > 0 ? (
          <Alert tone="warning" title={t('register.refused')}>
            <ul className="list-disc space-y-0.5 pl-4">
              {refusals.map((text, index) => (
                <li key={index}>{text}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
      <div className="mt-5 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-xs text-slate-500 sm:mr-auto" aria-live="polite">
          {t('register.summary', { people: memberIds.length, sessions: serviceIds.length })}
        </p>
        <Button variant="secondary" onClick={onDone}>
          {t('actions.back')}
        </Button>
        <Button
          disabled={memberIds.length === 0 || serviceIds.length === 0}
          loading={register.isPending}
          onClick={() => void submit()}
        >
          {t('register.confirm')}
        </Button>
      </div>
    </>
  );
}

/** « Inscrire un membre »: an account's person or family members, to sessions of any activity. */
export function RegisterMemberDialog({
  open,
  onOpenChange,
  initialActivityId = '',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialActivityId?: string;
}) {
  const { t } = useTranslation('registry');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('register.title')}
      description={t('register.description')}
      className="max-w-xl"
    >
      {open ? (
        <RegisterForm initialActivityId={initialActivityId} onDone={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}
