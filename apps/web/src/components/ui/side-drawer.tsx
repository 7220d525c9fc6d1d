import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export interface SideDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The edge it slides from: the menu comes from the left, detail panels from the right. */
  side?: 'left' | 'right';
  title: ReactNode;
  /** Visually hide the title (it is still announced), for drawers that draw their own header. */
  hideTitle?: boolean;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  /** Hide the built-in close button (the content brings its own). */
  hideClose?: boolean;
}

/** A panel over the page from one edge; modal, with focus trapped and Escape to close. */
export function SideDrawer({
  open,
  onOpenChange,
  side = 'right',
  title,
  hideTitle = false,
  description,
  children,
  footer,
  className,
  hideClose = false,
}: SideDrawerProps) {
  const { t } = useTranslation('common');
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/40 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          className={cn(
            'fixed inset-y-0 z-50 flex w-[min(24rem,calc(100vw-3rem))] flex-col bg-white shadow-2xl shadow-slate-950/25 focus:outline-none',
            side === 'left'
              ? 'left-0 data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left'
              : 'right-0 data-[state=closed]:animate-slide-out-right data-[state=open]:animate-slide-in-right',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div
            className={cn(
              'flex items-start gap-4 border-b border-slate-100 px-5 py-4',
              hideTitle && 'sr-only',
            )}
          >
            <div className="min-w-0 flex-1 space-y-1">
              <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="text-sm text-slate-600">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
          </div>
          {hideClose ? null : (
            <DialogPrimitive.Close
              className="absolute top-3 right-3 grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label={t('actions.close')}
            >
              <X className="size-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
          {footer ? <div className="border-t border-slate-100 px-5 py-4">{footer}</div> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
