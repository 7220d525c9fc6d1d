import { cva } from 'class-variance-authority';

/** The button's classes by variant and size; apart from the component, so a screen of the page's first
 * JavaScript (the route error) can look like a button without loading the component's dependencies. */
export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg text-sm font-semibold whitespace-nowrap transition-colors select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
        secondary:
          'border border-slate-300 bg-white text-slate-800 shadow-xs hover:bg-slate-50 active:bg-slate-100',
        ghost: 'text-slate-700 hover:bg-slate-100 active:bg-slate-200',
        subtle: 'bg-brand-50 text-brand-800 hover:bg-brand-100',
        danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
        link: 'h-auto px-0 text-brand-700 underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-8 px-3 text-[13px]',
        md: 'h-10 px-4',
        lg: 'h-11 px-5 text-[15px]',
        icon: 'size-10',
        'icon-sm': 'size-8',
      },
    },
    compoundVariants: [{ variant: 'link', className: 'h-auto px-0' }],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);
