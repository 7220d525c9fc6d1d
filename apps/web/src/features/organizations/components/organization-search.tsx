import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { useDirectory } from '../api/search-directory';

/** The search box over the public directory, and the query's state for the list under it. */
export function useDirectorySearch() {
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q);
  const query = useDirectory(deferred);
  return { q, setQ, query };
}

export function DirectorySearchInput({
  value,
  onChange,
  id,
}: {
  value: string;
  onChange: (value: string) => void;
  id: string;
}) {
  const { t } = useTranslation('organizations');
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('search.placeholder')}
        className="h-11 pl-9"
        autoComplete="off"
      />
    </div>
  );
}
