import { SCREEN_TEXT } from '@verba/shared';
import { AuthCard } from '@/components/layouts/auth-frame';
import { PAGES } from '@/config/routes';
import { LoginForm } from '@/features/auth/components/login-form';
import { usePageMeta } from '@/lib/page-meta';

export function LoginRoute() {
  usePageMeta({
    title: SCREEN_TEXT.signIn,
    description: 'Sign in to Verba and pick up your vocabulary practice where you left off.',
  });
  return (
    <AuthCard title={PAGES.login.heading} description={PAGES.login.description}>
      <LoginForm />
    </AuthCard>
  );
}
