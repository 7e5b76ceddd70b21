import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Always 202: whether the address is a member's is never revealed. */
export const requestSignInLink = (email: string) => apiRequest('POST', '/api/auth/member-link', { email });
export const useRequestSignInLink = () => useMutation({ mutationFn: requestSignInLink });
