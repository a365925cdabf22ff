import { SCREEN_TEXT } from '@verba/shared';
import { AuthCard } from '@/components/layouts/auth-frame';
import { AUTH_CARDS } from '@/config/page-headings';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { usePageMeta } from '@/lib/page-meta';

export function LoginRoute() {
  usePageMeta({
    title: SCREEN_TEXT.signIn,
    description: 'Sign in to Verba and pick up your vocabulary practice where you left off.',
  });
  return (
    <AuthCard {...AUTH_CARDS[paths.auth.login]}>
      <LoginForm />
    </AuthCard>
  );
}
