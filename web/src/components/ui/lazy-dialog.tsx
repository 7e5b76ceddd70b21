import { cloneElement, Suspense, useEffect, useRef, useState, type ComponentType, type ReactElement, type RefObject } from 'react';
import { afterPageLoad } from '@/lib/after-page-load';

/** What a dialog must take to be opened by LazyDialog: controlled, and told where focus goes back on close. */
export interface ControlledDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

interface LazyDialogProps {
  /** The button that opens the dialog; shown at once, without the dialog's code. */
  trigger: ReactElement<{ onClick?: () => void }>;
  /** The dialog, from React.lazy. */
  dialog: ComponentType<ControlledDialogProps>;
  /** Starts loading the dialog's module (the same import the lazy component makes). */
  preload: () => Promise<unknown>;
}

/**
 * A dialog whose code (Radix Dialog and the form inside, about 15 KB gzipped) is no part of the page's first paint:
 * its trigger is a plain button, the module is fetched once the page has loaded (so a tap finds it there) or at the
 * first tap, and the dialog opens as soon as it is there.
 */
export function LazyDialog({ trigger, dialog: Dialog, preload }: LazyDialogProps) {
  const [open, setOpen] = useState(false);
  // Rendering a lazy component loads it: the dialog is rendered from its first opening on.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const triggerRef = useRef<HTMLElement>(null);
  useEffect(() => afterPageLoad(() => void preload()), [preload]);
  return (
    <>
      {cloneElement(trigger as ReactElement<Record<string, unknown>>, {
        ref: triggerRef,
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        onClick: () => setOpen(true),
      })}
      {opened && (
        <Suspense fallback={null}>
          <Dialog open={open} onOpenChange={setOpen} returnFocusTo={triggerRef} />
        </Suspense>
      )}
    </>
  );
}
