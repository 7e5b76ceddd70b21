import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '@/features/auth/api/get-me';
import { PublishingPage as PublishingScreen } from '@/features/publishing/components/publishing-page';

/** Spec §2: the page asks who the user is on every arrival, so admin-only parts follow the live session. */
export function PublishingPage() {
  const { data: user } = useQuery({ ...meQueryOptions(), refetchOnMount: 'always' });
  return <PublishingScreen isAdmin={user?.isAdmin === true} />;
}
