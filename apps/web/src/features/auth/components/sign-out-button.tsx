import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SCREEN_TEXT, TOAST } from '@verba/shared';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSignOut } from '../api/sign-out';

export function SignOutButton() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <Button
      variant="outline"
      className="w-full text-destructive hover:text-destructive"
      loading={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, {
          onSuccess: () => navigate(paths.auth.login, { replace: true }),
          onError: (error) => toast.error(TOAST.error, { description: error.message }),
        })
      }
    >
      {!signOut.isPending && <LogOut aria-hidden="true" />}
      {SCREEN_TEXT.signOut}
    </Button>
  );
}
