import { useSyncExternalStore } from 'react';

export type ToastVariant = 'success' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant: ToastVariant;
}

export interface ToastState extends ToastOptions {
  id: number;
  open: boolean;
}

// One toast at a time (spec §9): a new toast replaces whatever is showing.
let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastState | null) {
  current = next;
  for (const listener of listeners) listener();
}

export function toast(options: ToastOptions): void {
  emit({ ...options, id: nextId++, open: true });
}

export function dismissToast(id: number): void {
  if (current?.id === id) emit({ ...current, open: false });
}

const NEXT_LOAD_KEY = 'km-toast-after-reload';

/** For actions that reload the page: the toast is shown once the new page has loaded. */
export function toastAfterReload(options: ToastOptions): void {
  try {
    sessionStorage.setItem(NEXT_LOAD_KEY, JSON.stringify(options));
  } catch {
    // Without sessionStorage the toast is simply skipped; the reload still happens.
  }
}

export function hasToastSavedBeforeReload(): boolean {
  try {
    return sessionStorage.getItem(NEXT_LOAD_KEY) !== null;
  } catch {
    return false;
  }
}

export function showToastSavedBeforeReload(): void {
  try {
    const saved = sessionStorage.getItem(NEXT_LOAD_KEY);
    if (!saved) return;
    sessionStorage.removeItem(NEXT_LOAD_KEY);
    toast(JSON.parse(saved) as ToastOptions);
  } catch {
    // A malformed entry is dropped.
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast() {
  const state = useSyncExternalStore(subscribe, () => current);
  return { toast, current: state, dismiss: dismissToast };
}
