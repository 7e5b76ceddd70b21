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
