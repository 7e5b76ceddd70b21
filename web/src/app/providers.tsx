import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { Toaster } from '@/components/toast/toaster';
import { AuthSessionSync } from '@/features/auth/components/auth-session-sync';
import { createQueryClient } from '@/lib/query-client';
import { store } from './store';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  return (
    <ReduxProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <AuthSessionSync />
        {children}
        <Toaster />
      </QueryClientProvider>
    </ReduxProvider>
  );
}
