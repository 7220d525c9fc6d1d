import { Search, SlidersHorizontal } from 'lucide-react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { ElementProps } from './data-table';
import { useSettledSearch } from './use-debounced-value';

type InputData = { [name: `data-${string}`]: string | undefined };

/**
 * A list's search box bound to the searched text kept in the address: typing searches once it pauses,
 * and the box follows the address when it changes without it (back button, « clear the filters »).
 * Named by `label` (shown above the box with `showLabel`, else read by screen readers only).
 */
export function ListSearch({
  value,
  onSearch,
  label,
  placeholder = label,
  showLabel = false,
  className,
  inputProps,
}: {
  value: string;
  onSearch: (q: string) => void;
  label: string;
  placeholder?: string;
  showLabel?: boolean;
  className?: string;
  inputProps?: InputData;
}) {
  const [text, setText] = useSettledSearch(value, onSearch);
  if (showLabel) {
    return (
      <div className={cn('relative', className)}>
        <TextField
          label={label}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
          inputClassName="pl-9"
          {...inputProps}
        />
        <Search
          className="pointer-events-none absolute bottom-3 left-3 size-4 text-slate-400"
          aria-hidden="true"
        />
      </div>
    );
  }
  return (
    <SearchBox
      className={className}
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={placeholder}
      aria-label={label}
      {...inputProps}
    />
  );
}

/** A search input with its magnifier; named by `aria-label` or by a label pointing at its `id`. */
export function SearchBox({ className, ...props }: ComponentProps<'input'>) {
  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
}

/** On phones the filters fold under one button (open when one is set), saying how many are set. */
export interface ToolbarFold {
  /** How many filters besides the search are set. */
  active: number;
  /** The button's text, with and without filters set. */
  label: string;
  activeLabel: string;
}

/**
 * The bar above a list: the search first, then the filters, on a grid given by `className`
 * (`sm:grid-cols-2 lg:grid-cols-3`). With `fold`, phones show the search and a button that unfolds the rest.
 */
export function ListToolbar({
  search,
  fold,
  className,
  children,
  ...props
}: {
  search?: ReactNode;
  fold?: ToolbarFold;
  className?: string;
  children?: ReactNode;
} & ElementProps<HTMLDivElement>) {
  const [shown, setShown] = useState((fold?.active ?? 0) > 0);
  return (
    <div className={cn('grid gap-3 border-b border-slate-100 p-4 sm:p-5', className)} {...props}>
      {search}
      {fold ? (
        <>
          <Button
            variant="secondary"
            className="sm:hidden"
            onClick={() => setShown((value) => !value)}
            aria-expanded={shown}
          >
            <SlidersHorizontal aria-hidden="true" />
            {fold.active > 0 ? fold.activeLabel : fold.label}
          </Button>
          {/* No box of its own from `sm` up: the filters stay on the bar's grid. */}
          <div className={cn('contents', !shown && 'max-sm:hidden')}>{children}</div>
        </>
      ) : (
        children
      )}
    </div>
  );
}
