import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useReturnFocus } from './use-return-focus';

interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The element that opens the dialog, when it has one (focus goes back to it on close). */
  trigger?: ReactNode;
  /** Where focus goes back on close; without it and without a trigger, to whatever was focused when it opened. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** 'alertdialog' for a confirmation, which closes by its own buttons rather than an X. */
  role?: 'dialog' | 'alertdialog';
  /** The panel's width (`max-w-md`) and anything else of its own. */
  className?: string;
  children: ReactNode;
}

/** The site's modal dialog: the overlay, the centred panel, focus returned on close, and the close button. */
export function DialogFrame({ open, onOpenChange, trigger, returnFocusTo, role = 'dialog', className, children }: DialogFrameProps) {
  const returnFocus = useReturnFocus();
  function onCloseAutoFocus(event: Event) {
    if (returnFocusTo) {
      if (!returnFocusTo.current?.isConnected) return;
      event.preventDefault();
      returnFocusTo.current.focus();
    } else if (!trigger) returnFocus.onCloseAutoFocus(event);
  }
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="data-[state=open]:animate-fade-in fixed inset-0 z-50 bg-indigo-950/60 backdrop-blur-sm" />
        <Dialog.Content
          role={role}
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
          className={clsx(
            'data-[state=open]:animate-dialog-in fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)]',
            '-translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl',
            className,
          )}
        >
          {children}
          {role === 'dialog' && (
            <Dialog.Close
              aria-label="Close"
              className="absolute top-4 right-4 rounded p-1 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The icon, title and description that open the site's form dialogs. */
export function DialogHeading({
  icon,
  iconClassName,
  title,
  description,
}: {
  icon: ReactNode;
  iconClassName: string;
  title: ReactNode;
  description: ReactNode;
}) {
  return (
    <div className="mb-5 flex items-center gap-3">
      <span className={clsx('grid size-10 shrink-0 place-items-center rounded-full', iconClassName)}>{icon}</span>
      <div>
        <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
        <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description>
      </div>
    </div>
  );
}
