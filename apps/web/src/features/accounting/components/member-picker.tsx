import { Search, UserRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField, describedBy } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { statusText } from '@/lib/api-error';
import { useLocale } from '@/lib/use-locale';
import { useMemberSearch } from '../api/search-members';
import type { MemberOption } from '../api/types';
import { useDebouncedValue } from '../hooks/use-debounced-value';

/** The member an invoice is addressed to: searched by name or e-mail among the accounts, then chosen. */
export function MemberPicker({
  value,
  onChange,
  error,
}: {
  value: MemberOption | null;
  onChange: (member: MemberOption | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const results = useMemberSearch(q);

  if (value) {
    return (
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-800">{t('create.member')}</p>
        <div
          className="flex items-center justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50 px-3 py-2.5"
          data-chosen-member={value.memberId}
        >
          <span className="flex min-w-0 items-center gap-2.5">
            <UserRound className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span className="min-w-0">
              <span className="block truncate font-semibold text-slate-900">{value.displayName}</span>
              <span className="block truncate text-xs text-slate-600">{value.email}</span>
            </span>
          </span>
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            {t('create.change')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <FormField id={id} label={t('create.member')} error={error} hint={t('create.memberHint')}>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            type="search"
            className="pl-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('create.memberPlaceholder')}
            autoComplete="off"
            {...describedBy(id, error, t('create.memberHint'))}
          />
        </div>
      </FormField>
      {q === '' ? null : results.isPending ? (
        <Spinner label={t('create.searching')} />
      ) : results.isError ? (
        <p className="text-sm text-red-700">{statusText(results.error, locale)}</p>
      ) : results.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('create.noMember')}</p>
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-xl border border-slate-200"
          aria-label={t('create.members')}
        >
          {results.data.items.map((member) => (
            <li key={member.userId}>
              <button
                type="button"
                onClick={() => onChange(member)}
                className="w-full px-3 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                data-member-option={member.memberId}
              >
                <span className="block font-medium text-slate-900">{member.displayName}</span>
                <span className="block truncate text-xs text-slate-600">{member.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
