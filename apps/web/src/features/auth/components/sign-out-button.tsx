import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SCREEN_TEXT, TOAST } from '@verba/shared';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSignOut } from '../api/sign-out';

/** Signs out; `compact` is the small text button for a page header (onboarding). */
export function SignOutButton({ compact = false }: { compact?: boolean }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <Button
      variant={compact ? 'ghost' : 'outline'}
      size={compact ? 'sm' : 'default'}
      className={
        compact ? '-mr-2 text-muted-foreground' : 'w-full text-destructive hover:text-destructive'
      }
      loading={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, {
          onSuccess: () => navigate(paths.auth.login, { replace: true }),
          onError: (error) => toast.error(TOAST.error, { description: error.message }),
        })
      }
    >
      {!signOut.isPending && !compact && <LogOut aria-hidden="true" />}
      {SCREEN_TEXT.signOut}
    </Button>
  );
}
