import { QueryClient } from '@tanstack/react-query';
import { defaultQueryFn } from './api-client';

// Spec §7: data never goes stale, no focus refetch, no polling, no retries.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one client: the providers give it to the pages, and route loaders prefetch into it. */
export const queryClient = createQueryClient();
