import { eurosToCents } from '@inscrio/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchPicker } from '@/components/lists/search-picker';
import { useSearchText } from '@/components/lists/use-debounced-value';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { notify, notifyError } from '@/lib/notify';
import {
  type AccountOption,
  useAccountFamily,
  useAccountSearch,
  useActivityChoices,
  useIssueRecoveryToken,
} from '../api/recovery-tokens';

/**
 * A token given by hand: the family found by its account (name or e-mail), then the member, the value
 * (what the family paid) and a note; an activity restricts it to that activity's scope.
 */
export function IssueTokenDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('recovery-tokens');
  const search = useSearchText();
  const accounts = useAccountSearch(search.q);
  const [account, setAccount] = useState<AccountOption | null>(null);
  const family = useAccountFamily(account?.userId ?? null);
  const activities = useActivityChoices(open);
  const issue = useIssueRecoveryToken();
  const [memberId, setMemberId] = useState('');
  const [value, setValue] = useState('');
  const [blueprintId, setBlueprintId] = useState('');
  const [note, setNote] = useState('');
  const [valueError, setValueError] = useState<string | undefined>();

  const members = family.data
    ? [{ id: family.data.memberId, displayName: family.data.displayName }, ...family.data.family]
    : [];

  const reset = () => {
    setAccount(null);
    setMemberId('');
    setValue('');
    setBlueprintId('');
    setNote('');
    setValueError(undefined);
    search.setText('');
  };
  const close = () => {
    reset();
    onOpenChange(false);
  };
  const submit = () => {
    const cents = value.trim() === '' ? 0 : eurosToCents(value);
    if (cents === null || cents < 0) {
      setValueError(t('manager.issue.valueInvalid'));
      return;
    }
    if (!memberId) return;
    issue.mutate(
      { memberId, valueCents: cents, note: note.trim() || undefined, blueprintId: blueprintId || undefined },
      {
        onSuccess: () => {
          notify.success(t('manager.issue.done'));
          close();
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={t('manager.issue.title')}
      description={t('manager.issue.description')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('consume.back')}
          </Button>
          <Button onClick={submit} disabled={!memberId || issue.isPending} data-confirm-issue="">
            {t('manager.issue.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {account ? (
          <div className="flex items-center justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50 px-3 py-2.5">
            <span className="min-w-0">
              <span className="block truncate font-semibold text-slate-900">{account.displayName}</span>
              <span className="block truncate text-xs text-slate-600">{account.email}</span>
            </span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setAccount(null);
                setMemberId('');
              }}
            >
              {t('manager.issue.change')}
            </Button>
          </div>
        ) : (
          <SearchPicker
            search={search}
            label={t('manager.issue.family')}
            placeholder={t('manager.issue.familyPlaceholder')}
            results={accounts}
            items={accounts.data?.items ?? []}
            getKey={(option) => option.userId}
            minLength={1}
            loadingLabel={t('loading')}
            empty={t('manager.issue.noFamily')}
            listLabel={t('manager.issue.family')}
            onPick={setAccount}
            optionClassName={() => 'px-3 py-2 hover:bg-slate-50'}
            renderOption={(option) => (
              <>
                <span className="block font-medium text-slate-900">{option.displayName}</span>
                <span className="block truncate text-xs text-slate-600">{option.email}</span>
              </>
            )}
          />
        )}
        {account ? (
          <FormField id="issue-member" label={t('manager.issue.member')}>
            <Select id="issue-member" value={memberId} onChange={(event) => setMemberId(event.target.value)}>
              <option value="">{t('manager.issue.chooseMember')}</option>
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.displayName}
                </option>
              ))}
            </Select>
          </FormField>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="issue-value" label={t('manager.issue.value')} error={valueError}>
            <Input
              id="issue-value"
              inputMode="decimal"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setValueError(undefined);
              }}
              aria-invalid={valueError ? true : undefined}
            />
          </FormField>
          <FormField id="issue-activity" label={t('manager.issue.activity')}>
            <Select
              id="issue-activity"
              value={blueprintId}
              onChange={(event) => setBlueprintId(event.target.value)}
            >
              <option value="">{t('manager.issue.anyActivity')}</option>
              {(activities.data?.items ?? []).map((activity) => (
                <option key={activity.id} value={activity.id}>
                  {activity.name}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <FormField id="issue-note" label={t('manager.issue.note')}>
          <Textarea
            id="issue-note"
            value={note}
            maxLength={1000}
            onChange={(event) => setNote(event.target.value)}
          />
        </FormField>
      </div>
    </Dialog>
  );
}
