import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SearchPicker } from '@/components/lists/search-picker';
import { useSearchText } from '@/components/lists/use-debounced-value';
import { Button } from '@/components/ui/button';
import { statusText } from '@/lib/api-error';
import { useLocale } from '@/lib/use-locale';
import { useMemberSearch } from '../api/search-members';
import type { MemberOption } from '../api/types';

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
  const search = useSearchText();
  const results = useMemberSearch(search.q);

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
    <SearchPicker
      search={search}
      label={t('create.member')}
      placeholder={t('create.memberPlaceholder')}
      field={{ hint: t('create.memberHint'), error }}
      results={results}
      items={results.data?.items ?? []}
      getKey={(member) => member.userId}
      minLength={1}
      loadingLabel={t('create.searching')}
      empty={t('create.noMember')}
      errorText={results.isError ? statusText(results.error, locale) : undefined}
      listLabel={t('create.members')}
      onPick={onChange}
      optionClassName={() => 'px-3 py-2 hover:bg-slate-50'}
      optionProps={(member) => ({ 'data-member-option': member.memberId })}
      renderOption={(member) => (
        <>
          <span className="block font-medium text-slate-900">{member.displayName}</span>
          <span className="block truncate text-xs text-slate-600">{member.email}</span>
        </>
      )}
    />
  );
}
