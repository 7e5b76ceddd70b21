import * as ToastPrimitive from '@radix-ui/react-toast';
import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useEffect } from 'react';
import { TOAST_DURATION_MS } from '@/config/site';
import { showToastSavedBeforeReload, useToast } from './use-toast';

export function Toaster() {
  const { current, dismiss } = useToast();

  useEffect(showToastSavedBeforeReload, []);

  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          open={current.open}
          onOpenChange={(open) => !open && dismiss(current.id)}
          type={current.variant === 'destructive' ? 'foreground' : 'background'}
          className={clsx(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-toast-out',
            current.variant === 'destructive' ? 'border-red-700 bg-red-600 text-white' : 'border-emerald-200 bg-white text-slate-900',
          )}
        >
          {current.variant === 'destructive' ? (
            <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          ) : (
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
          )}
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && <ToastPrimitive.Description className="text-sm opacity-90">{current.description}</ToastPrimitive.Description>}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute top-3 right-3 rounded p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
