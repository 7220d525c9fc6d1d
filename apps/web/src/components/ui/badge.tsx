import type { BadgeVariant as SharedBadgeVariant } from '@inscrio/shared';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/*
 * A small status label. The variants are the badge styles of spec section 4 (`BadgeVariant` of the
 * shared package: destructive, pink, success, secondary, default, outline) plus `warning` and `info`.
 */
const VARIANTS = {
  default: 'border-transparent bg-brand-700 text-white',
  secondary: 'border-transparent bg-slate-100 text-slate-700',
  success: 'border-transparent bg-emerald-100 text-emerald-800',
  warning: 'border-transparent bg-amber-100 text-amber-900',
  destructive: 'border-transparent bg-red-100 text-red-800',
  pink: 'border-transparent bg-pink-100 text-pink-800',
  info: 'border-transparent bg-brand-50 text-brand-800',
  outline: 'border-slate-300 bg-white text-slate-700',
} satisfies Record<SharedBadgeVariant | 'warning' | 'info', string>;

export const badgeVariants = cva(
  'inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3 [&_svg]:shrink-0',
  { variants: { variant: VARIANTS }, defaultVariants: { variant: 'secondary' } },
);

export type BadgeVariant = keyof typeof VARIANTS;

export interface BadgeProps extends ComponentProps<'span'>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
