import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog, when it is not controlled. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (confirm, cancel). */
  footer?: ReactNode;
  className?: string;
  /**
   * False for a dialog the user must answer (accept new conditions): no close button, Escape and a click
   * outside do nothing.
   */
  dismissible?: boolean;
}

/** The generic dialog: focus trapped, closes on Escape and outside click, scrolls when tall. */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  className,
  dismissible = true,
}: DialogProps) {
  const { t } = useTranslation('common');
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl shadow-slate-950/20 focus:outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-pop-in',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...(dismissible
            ? {}
            : {
                onEscapeKeyDown: (event: Event) => event.preventDefault(),
                onPointerDownOutside: (event: Event) => event.preventDefault(),
                onInteractOutside: (event: Event) => event.preventDefault(),
              })}
        >
          <div className="flex items-start gap-4 border-b border-slate-100 px-5 pt-5 pb-4 sm:px-6">
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
            {dismissible ? (
              <DialogPrimitive.Close
                className="-mt-1 -mr-2 grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800"
                aria-label={t('actions.close')}
              >
                <X className="size-5" aria-hidden="true" />
              </DialogPrimitive.Close>
            ) : null}
          </div>
          {children ? (
            <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
          ) : null}
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
              {footer}
            </div>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export const DialogClose = DialogPrimitive.Close;
