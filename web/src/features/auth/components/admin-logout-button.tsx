import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useAppDispatch } from '@/app/hooks';
import { toast, toastAfterReload } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { meQueryKey } from '../api/get-me';
import { useLogout } from '../api/logout';
import { userSignedOut } from '../auth-slice';

export function AdminLogoutButton({ className }: { className?: string }) {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const logoutMutation = useLogout();

  function handleClick() {
    logoutMutation.mutate(undefined, {
      onSuccess: () => {
        dispatch(userSignedOut());
        queryClient.setQueryData(meQueryKey, null);
        // The reload drops any admin-only state; the toast is shown by the freshly loaded page.
        toastAfterReload({
          title: 'Logged out successfully',
          description: 'You have been logged out of the admin panel.',
          variant: 'success',
        });
        window.location.reload();
      },
      onError: () => {
        toast({
          title: 'Logout failed',
          description: 'There was an error logging out. Please try again.',
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Button variant="outline" size="sm" onClick={handleClick} disabled={logoutMutation.isPending} className={className}>
      <LogOut className="size-4" aria-hidden />
      Admin Logout
    </Button>
  );
}
