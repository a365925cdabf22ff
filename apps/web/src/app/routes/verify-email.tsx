import { ACCESS_TEXT } from '@verba/shared';
import { AuthCard } from '@/components/layouts/auth-frame';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { PAGES } from '@/config/routes';
import { VerifyEmailPanel } from '@/features/auth/components/verify-email-panel';
import { usePageMeta } from '@/lib/page-meta';

/** Where the confirmation link leads, signed in or not (it signs nobody in). */
export function VerifyEmailRoute() {
  usePageMeta({
    title: ACCESS_TEXT.verifyPageTitle,
    description: 'Confirm the email address of your Verba account.',
    noindex: true,
  });
  return (
    <AuthLayout>
      <AuthCard title={PAGES.verifyEmail.heading} description={PAGES.verifyEmail.description}>
        <VerifyEmailPanel />
      </AuthCard>
    </AuthLayout>
  );
}
