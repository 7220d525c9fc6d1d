import type { LabelledEnum } from '@inscrio/shared';
import { Download } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useLocale } from '@/lib/use-locale';

type SelectProps = Omit<ComponentProps<'select'>, 'value' | 'onChange' | 'children'> & {
  [name: `data-${string}`]: string | undefined;
};

/**
 * A filter on one of the shared enumerations (statuses, plans, states…): « all » first, then each value
 * with its label in the user's language. Named by `label`, shown above it with `showLabel`, else read by
 * screen readers only. Anything not a value of the enumeration clears the filter.
 */
export function EnumFilter<Value extends string>({
  enumeration,
  value,
  onChange,
  label,
  allLabel,
  showLabel = false,
  values = enumeration.values,
  className,
  ...props
}: {
  enumeration: LabelledEnum<Value>;
  value: Value | undefined;
  onChange: (value: Value | undefined) => void;
  label: string;
  allLabel: string;
  showLabel?: boolean;
  /** A subset of the values, when some are never filtered on. */
  values?: readonly Value[];
} & SelectProps) {
  const locale = useLocale();
  const select = {
    value: value ?? '',
    onChange: (event: { target: { value: string } }) =>
      onChange(enumeration.is(event.target.value) ? event.target.value : undefined),
    ...props,
    children: (
      <>
        <option value="">{allLabel}</option>
        {values.map((option) => (
          <option key={option} value={option}>
            {enumeration.label(option, locale)}
          </option>
        ))}
      </>
    ),
  };
  return showLabel ? (
    <SelectField label={label} className={className} {...select} />
  ) : (
    <Select aria-label={label} className={className} {...select} />
  );
}

/**
 * The sort of a list as one select (« Nom (A → Z) »…), for phones, which have no column titles to click:
 * each sort key in both orders, labelled by `optionLabel`.
 */
export function SortSelect<Sort extends string>({
  sorts,
  sort,
  order,
  onChange,
  label,
  optionLabel,
  ...props
}: {
  sorts: readonly Sort[];
  sort: Sort;
  order: 'asc' | 'desc';
  onChange: (sort: Sort, order: 'asc' | 'desc') => void;
  label: string;
  optionLabel: (sort: Sort, order: 'asc' | 'desc') => string;
} & SelectProps) {
  return (
    <Select
      {...props}
      aria-label={label}
      value={`${sort}:${order}`}
      onChange={(event) => {
        const [nextSort, nextOrder] = event.target.value.split(':') as [Sort, 'asc' | 'desc'];
        onChange(nextSort, nextOrder);
      }}
    >
      {sorts.flatMap((key) =>
        (['asc', 'desc'] as const).map((direction) => (
          <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
            {optionLabel(key, direction)}
          </option>
        )),
      )}
    </Select>
  );
}

/** The title bar of a list inside its card, with the list's actions (an export…) at its right. */
export function ListHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-5">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </div>
  );
}

/** « Exporter » a list (CSV of its filters): a spinner in place of the icon while the file is made. */
export function ExportButton({
  label,
  pending,
  onExport,
  size,
}: {
  label: string;
  pending: boolean;
  onExport: () => void;
  size?: ComponentProps<typeof Button>['size'];
}) {
  return (
    <Button variant="secondary" size={size} loading={pending} onClick={onExport}>
      {pending ? null : <Download aria-hidden="true" />}
      {label}
    </Button>
  );
}
