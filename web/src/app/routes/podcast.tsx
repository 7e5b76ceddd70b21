import { LockKeyhole } from 'lucide-react';
import { useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { selectIsAdmin } from '@/features/auth/auth-slice';
import { AdminLoginDialog } from '@/features/auth/components/admin-login-dialog';

export function PodcastPage() {
  const isAdmin = useAppSelector(selectIsAdmin);

  return (
    <PageHeader title="Podcast">
      <p>Episodes, the featured video and podcast subscriptions are coming to this page soon.</p>
      {!isAdmin && (
        <div className="mt-8">
          <AdminLoginDialog
            trigger={
              <Button variant="outline-light">
                <LockKeyhole className="size-4" aria-hidden />
                Admin Login
              </Button>
            }
          />
        </div>
      )}
    </PageHeader>
  );
}
