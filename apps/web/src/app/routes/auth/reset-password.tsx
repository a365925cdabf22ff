import { ACCESS_TEXT } from '@verba/shared';
import { AuthCard } from '@/components/layouts/auth-frame';
import { PAGES } from '@/config/routes';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { usePageMeta } from '@/lib/page-meta';

export function ResetPasswordRoute() {
  usePageMeta({
    title: ACCESS_TEXT.newPasswordTitle,
    description: 'Choose a new password for your Verba account.',
    noindex: true,
  });
  return (
    <AuthCard title={PAGES.resetPassword.heading} description={PAGES.resetPassword.description}>
      <ResetPasswordForm />
    </AuthCard>
  );
}
