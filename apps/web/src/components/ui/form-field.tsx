import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Input } from './input';
import { Label } from './label';
import { Select } from './select';

export interface FieldChrome {
  label: ReactNode;
  /** The validation message shown under the control. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Something at the right of the label (a "forgot password" link). */
  labelAction?: ReactNode;
  className?: string;
}

interface FormFieldProps extends FieldChrome {
  id: string;
  children: ReactNode;
}

/** Ids a control needs to point at its hint and error. */
export function describedBy(id: string, error?: string, hint?: ReactNode) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  } as const;
}

/** Label, control, hint and error message, wired for assistive technologies. */
export function FormField({ id, label, error, hint, labelAction, className, children }: FormFieldProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {labelAction}
      </div>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-[13px] font-medium text-red-600" data-field-error="">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = FieldChrome & Omit<ComponentProps<'input'>, 'className'> & { inputClassName?: string };

export function TextField({
  label,
  error,
  hint,
  labelAction,
  className,
  inputClassName,
  id,
  ...props
}: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FormField
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      labelAction={labelAction}
      className={className}
    >
      <Input className={inputClassName} {...describedBy(fieldId, error, hint)} {...props} />
    </FormField>
  );
}

type SelectFieldProps = FieldChrome & Omit<ComponentProps<'select'>, 'className'>;

export function SelectField({
  label,
  error,
  hint,
  labelAction,
  className,
  id,
  children,
  ...props
}: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FormField
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      labelAction={labelAction}
      className={className}
    >
      <Select {...describedBy(fieldId, error, hint)} {...props}>
        {children}
      </Select>
    </FormField>
  );
}

/** A password input with a button that shows what was typed. */
export function PasswordField({
  label,
  error,
  hint,
  labelAction,
  className,
  id,
  ...props
}: Omit<TextFieldProps, 'type'>) {
  const { t } = useTranslation('common');
  const generated = useId();
  const fieldId = id ?? generated;
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      labelAction={labelAction}
      className={className}
    >
      <div className="relative">
        <Input
          type={visible ? 'text' : 'password'}
          className="pr-11"
          {...describedBy(fieldId, error, hint)}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          className="absolute top-1/2 right-1.5 grid size-8 -translate-y-1/2 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={visible ? t('password.hide') : t('password.show')}
          aria-pressed={visible}
        >
          {visible ? (
            <EyeOff className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
        </button>
      </div>
    </FormField>
  );
}
