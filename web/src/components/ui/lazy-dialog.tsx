import { cloneElement, useRef, useState, type ComponentType, type ReactElement, type RefObject } from 'react';
import { useDeferredModule } from '@/lib/use-deferred-module';

/** What a dialog must take to be opened by LazyDialog: controlled, and told where focus goes back on close. */
export interface ControlledDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

interface LazyDialogProps {
  /** The button that opens the dialog; shown at once, without the dialog's code. */
  trigger: ReactElement<{ onClick?: () => void }>;
  /** Imports the dialog (a stable function, declared beside the component using it). */
  load: () => Promise<{ Dialog: ComponentType<ControlledDialogProps> }>;
}

/**
 * A dialog whose code (Radix Dialog and the form inside, about 15 KB gzipped) is no part of the page's first paint:
 * its trigger is a plain button, the module is fetched at the visitor's first sign of use (a tap, a scroll, a key) or
 * when the trigger is pressed, and the dialog opens as soon as it is there.
 */
export function LazyDialog({ trigger, load }: LazyDialogProps) {
  const [open, setOpen] = useState(false);
  const loaded = useDeferredModule(load, open);
  const triggerRef = useRef<HTMLElement>(null);
  return (
    <>
      {cloneElement(trigger as ReactElement<Record<string, unknown>>, {
        ref: triggerRef,
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        onClick: () => setOpen(true),
      })}
      {loaded && <loaded.Dialog open={open} onOpenChange={setOpen} returnFocusTo={triggerRef} />}
    </>
  );
}
