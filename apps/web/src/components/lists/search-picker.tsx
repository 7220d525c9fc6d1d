import type { UseQueryResult } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { ErrorState } from '@/components/feedback/error-state';
import { FormField, describedBy } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { ElementProps } from './data-table';
import { SearchBox } from './list-toolbar';
import type { SearchText } from './use-debounced-value';

/** The attribute that marks an option's focusable element, for the arrow keys. */
export const PICKER_OPTION = 'data-picker-option';
/** Spread on an option's own button when `renderRow` draws the row (`{...pickerOption}`). */
export const pickerOption = { [PICKER_OPTION]: '' } as const;

type InputData = { [name: `data-${string}`]: string | undefined } & { autoFocus?: boolean };

interface PickerResults {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: UseQueryResult['refetch'] | (() => unknown);
}

export interface SearchPickerProps<T> {
  /** The box's text and the settled query (`useSearchText()`); the caller's query hook reads `search.q`. */
  search: SearchText;
  /** The box's accessible name, or its visible label with `field`. */
  label: string;
  placeholder?: string;
  /** A visible label above the box, with a hint and an error (a form's field). */
  field?: { hint?: ReactNode; error?: string | undefined };
  inputProps?: InputData;
  results: PickerResults;
  items: readonly T[];
  getKey: (item: T) => string;
  /** Below this many characters nothing is searched: `idle` shows instead (nothing unless given). */
  minLength?: number;
  idle?: ReactNode;
  loadingLabel: string;
  /** What an empty result says. */
  empty: ReactNode;
  /** A failed search's text; an error box with a retry unless given. */
  errorText?: ReactNode;
  /** The list's accessible name and attributes. */
  listLabel?: string;
  listProps?: ElementProps<HTMLUListElement>;
  listClassName?: string;
  /**
   * `pick`: each option is a button that picks it; `choose`: a radio group whose `chosen` option is
   * checked (confirmed elsewhere); `rows`: `renderRow` draws each row, its own button carrying `pickerOption`.
   */
  mode?: 'pick' | 'choose' | 'rows';
  onPick?: (item: T) => void;
  chosen?: string | null;
  /** An option's content (`pick`, `choose`). */
  renderOption?: (item: T, chosen: boolean) => ReactNode;
  optionClassName?: (chosen: boolean) => string;
  optionProps?: (item: T) => ElementProps<HTMLButtonElement> & { disabled?: boolean };
  /** A whole row (`rows`). */
  renderRow?: (item: T) => ReactNode;
  rowClassName?: string;
}

const OPTION_SELECTOR = `[${PICKER_OPTION}]:not(:disabled)`;

/**
 * Search, then pick one among the results: the box, the states (too short, searching, failed, nothing
 * found) and the options. Keyboard: ↓ from the box goes to the first option, ↑ ↓ Home End move between
 * options (↑ from the first goes back to the box), Escape goes back to the box, Enter or Space picks.
 */
export function SearchPicker<T>({
  search,
  label,
  placeholder,
  field,
  inputProps,
  results,
  items,
  getKey,
  minLength = 0,
  idle = null,
  loadingLabel,
  empty,
  errorText,
  listLabel,
  listProps,
  listClassName,
  mode = 'pick',
  onPick,
  chosen = null,
  renderOption,
  optionClassName,
  optionProps,
  renderRow,
  rowClassName,
}: SearchPickerProps<T>) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const options = () => [...(listRef.current?.querySelectorAll<HTMLElement>(OPTION_SELECTOR) ?? [])];
  const onBoxKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown') return;
    const first = options()[0];
    if (!first) return;
    event.preventDefault();
    first.focus();
  };
  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = options();
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const target =
      event.key === 'ArrowDown'
        ? all[Math.min(at + 1, all.length - 1)]
        : event.key === 'ArrowUp'
          ? (all[at - 1] ?? inputRef.current)
          : event.key === 'Home'
            ? all[0]
            : event.key === 'End'
              ? all.at(-1)
              : event.key === 'Escape'
                ? inputRef.current
                : undefined;
    if (!target) return;
    event.preventDefault();
    // Escape inside a dialog goes back to the box, and does not close the dialog.
    if (event.key === 'Escape') event.stopPropagation();
    target.focus();
  };

  const box = (
    <SearchBox
      ref={inputRef}
      value={search.text}
      onChange={(event) => search.setText(event.target.value)}
      onKeyDown={onBoxKey}
      placeholder={placeholder}
      autoComplete="off"
      {...(field ? describedBy(id, field.error, field.hint) : { 'aria-label': label })}
      {...inputProps}
    />
  );

  const choosing = mode === 'choose';
  const list = (
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- the arrow keys of the options (focusable buttons) bubble here: one handler moves the focus among them
    <ul
      ref={listRef}
      className={cn(
        choosing ? 'space-y-2' : 'divide-y divide-slate-100 rounded-xl border border-slate-200',
        listClassName,
      )}
      role={choosing ? 'radiogroup' : undefined}
      aria-label={listLabel}
      onKeyDown={onListKey}
      {...listProps}
    >
      {items.map((item) => {
        const key = getKey(item);
        if (mode === 'rows') {
          return (
            <li key={key} className={rowClassName}>
              {renderRow?.(item)}
            </li>
          );
        }
        const isChosen = choosing && key === chosen;
        return (
          <li key={key} role={choosing ? 'none' : undefined}>
            <button
              type="button"
              role={choosing ? 'radio' : undefined}
              aria-checked={choosing ? isChosen : undefined}
              onClick={() => onPick?.(item)}
              className={cn(
                'w-full text-left focus-visible:outline-2 focus-visible:outline-brand-600',
                optionClassName?.(isChosen),
              )}
              {...pickerOption}
              {...optionProps?.(item)}
            >
              {renderOption?.(item, isChosen)}
            </button>
          </li>
        );
      })}
    </ul>
  );

  const state =
    search.q.length < minLength ? (
      idle
    ) : results.isPending ? (
      <div className="flex justify-center py-3">
        <Spinner label={loadingLabel} />
      </div>
    ) : results.isError ? (
      errorText ? (
        <p className="text-sm text-red-700">{errorText}</p>
      ) : (
        <ErrorState error={results.error} onRetry={() => void results.refetch()} />
      )
    ) : items.length === 0 ? (
      <p className="py-2 text-sm text-slate-600">{empty}</p>
    ) : (
      list
    );

  return (
    <div className="space-y-2">
      {field ? (
        <FormField id={id} label={label} error={field.error} hint={field.hint}>
          {box}
        </FormField>
      ) : (
        box
      )}
      {state}
    </div>
  );
}
