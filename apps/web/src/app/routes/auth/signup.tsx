import { SCREEN_TEXT } from '@verba/shared';
import { AuthCard } from '@/components/layouts/auth-frame';
import { PAGES } from '@/config/routes';
import { SignupForm } from '@/features/auth/components/signup-form';
import { usePageMeta } from '@/lib/page-meta';

export function SignupRoute() {
  usePageMeta({
    title: SCREEN_TEXT.signupTitle,
    description: 'Create a free Verba account: AI word cards and spaced repetition, with no ads.',
  });
  return (
    <AuthCard title={PAGES.signup.heading} description={PAGES.signup.description}>
      <SignupForm />
    </AuthCard>
  );
}
