import { useCallback, useRef } from 'react';

/**
 * Radix dialogs return focus to their Dialog.Trigger. Dialogs opened from elsewhere (a card, Redux state)
 * have none, so focus would fall to <body>; this puts it back on whatever was focused when the dialog opened.
 * Spread the handlers onto Dialog.Content.
 */
export function useReturnFocus() {
  const returnTo = useRef<HTMLElement | null>(null);

  const onOpenAutoFocus = useCallback(() => {
    // Radix calls this before moving focus into the dialog, so the active element is still the opener.
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);

  const onCloseAutoFocus = useCallback((event: Event) => {
    const target = returnTo.current;
    returnTo.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  }, []);

  return { onOpenAutoFocus, onCloseAutoFocus };
}
