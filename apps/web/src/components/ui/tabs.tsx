import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** A count or a badge after the label. */
  extra?: ReactNode;
  content: ReactNode;
}

/**
 * Tabs as the WAI-ARIA pattern: one tab stop, arrow keys (and Home, End) move between tabs and show
 * them, the panel is labelled by its tab. On phones the tabs share the strip's width.
 */
export function Tabs({
  items,
  label,
  defaultTab,
  className,
}: {
  items: TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  defaultTab?: string;
  className?: string;
}) {
  const base = useId();
  const [selected, setSelected] = useState(defaultTab ?? items[0]?.id);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = items.find((item) => item.id === selected) ?? items[0];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    setSelected(items[target]?.id);
    tabs.current[target]?.focus();
  };

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-0 overflow-x-auto border-b border-slate-200 sm:gap-1"
      >
        {items.map((item, index) => {
          const active = item.id === current?.id;
          return (
            <button
              key={item.id}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.id}`}
              aria-controls={`${base}-panel-${item.id}`}
              aria-selected={active}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(item.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                // Phones: the tabs share the width and a label of several words may take two lines (a
                // strip of one-line labels hid the last tab); one that still does not fit scrolls.
                // Wider screens: each tab as wide as its label.
                '-mb-px inline-flex flex-auto items-center justify-center gap-2 border-b-2 px-1 py-2.5 text-center text-[13px] leading-tight font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 sm:flex-none sm:shrink-0 sm:px-3 sm:text-sm sm:whitespace-nowrap',
                active
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800',
              )}
            >
              {item.label}
              {item.extra}
            </button>
          );
        })}
      </div>
      {current ? (
        <div
          role="tabpanel"
          id={`${base}-panel-${current.id}`}
          aria-labelledby={`${base}-tab-${current.id}`}
          tabIndex={0}
          className="pt-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {current.content}
        </div>
      ) : null}
    </div>
  );
}
