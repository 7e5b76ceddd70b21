import { LockKeyhole } from 'lucide-react';
import { useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { selectIsAdmin } from '@/features/auth/auth-slice';
import { AdminLoginDialog } from '@/features/auth/components/admin-login-dialog';
import { PodcastPage as PodcastFeaturePage } from '@/features/podcast/components/podcast-page';

export function PodcastPage() {
  const isAdmin = useAppSelector(selectIsAdmin);
  return (
    <PodcastFeaturePage
      isAdmin={isAdmin}
      adminLogin={
        <AdminLoginDialog
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
