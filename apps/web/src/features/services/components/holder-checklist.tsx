import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '@/components/lists/list-toolbar';
import { useSearchText } from '@/components/lists/use-debounced-value';
import { Checkbox } from '@/components/ui/checkbox';
import { Spinner } from '@/components/ui/spinner';
import { useHolders } from '../api/holders';

/** Choose holders among the organisation's (searchable): what a new session starts with. */
export function HolderChecklist({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation('services');
  const search = useSearchText(250);
  const { q } = search;
  const holders = useHolders(q);
  const items = holders.data?.items ?? [];
  const searchable = (holders.data?.total ?? 0) > 6 || q !== '';

  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...new Set([...value, id])] : value.filter((other) => other !== id));

  return (
    <div className="space-y-2">
      {searchable ? (
        <SearchBox
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
          placeholder={t('holders.search')}
          aria-label={t('holders.search')}
        />
      ) : null}
      {holders.isPending ? (
        <Spinner label={t('holders.loading')} />
      ) : holders.isError ? (
        <p className="text-sm text-red-700">{t('holders.loadError')}</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500">{q ? t('holders.noMatch') : t('holders.none')}</p>
      ) : (
        <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200">
          {items.map((holder) => (
            <li key={holder.id}>
              <label className="flex cursor-pointer items-center gap-3 px-3 py-2.5 hover:bg-slate-50">
                <Checkbox
                  checked={value.includes(holder.id)}
                  onChange={(event) => toggle(holder.id, event.target.checked)}
                />
                <UserRound className="size-4 text-slate-400" aria-hidden="true" />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-slate-900">
                    {holder.displayName}
                  </span>
                  <span className="block truncate text-xs text-slate-500">{holder.email}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {value.length > 0 ? (
        <p className="text-xs text-slate-600">{t('holders.selected', { count: value.length })}</p>
      ) : null}
    </div>
  );
}
