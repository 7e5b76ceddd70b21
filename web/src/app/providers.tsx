import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { DeferredToaster } from '@/components/toast/deferred-toaster';
import { AuthSessionSync } from '@/features/auth/components/auth-session-sync';
import { queryClient } from '@/lib/query-client';
import { store } from './store';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <AuthSessionSync />
        {children}
        <DeferredToaster />
      </QueryClientProvider>
    </ReduxProvider>
  );
}
