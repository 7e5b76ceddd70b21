import { LockKeyhole } from 'lucide-react';
import { useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { LazyDialog } from '@/components/ui/lazy-dialog';
import { selectIsAdmin } from '@/features/auth/auth-slice';
import { PodcastPage as PodcastFeaturePage } from '@/features/podcast/components/podcast-page';
import { loadAdminLoginDialog } from './lazy-admin-login';

export function PodcastPage() {
  const isAdmin = useAppSelector(selectIsAdmin);
  return (
    <PodcastFeaturePage
      isAdmin={isAdmin}
      adminLogin={
        <LazyDialog
          load={loadAdminLoginDialog}
          trigger={
            <Button variant="outline-light" size="lg">
              <LockKeyhole className="size-5" aria-hidden />
              Admin Login
            </Button>
          }
        />
      }
    />
  );
}
