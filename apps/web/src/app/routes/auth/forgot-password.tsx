import { ACCESS_TEXT } from '@verba/shared';
import { AuthCard } from '@/components/layouts/auth-frame';
import { PAGES } from '@/config/routes';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { usePageMeta } from '@/lib/page-meta';

export function ForgotPasswordRoute() {
  usePageMeta({ title: ACCESS_TEXT.resetTitle, description: ACCESS_TEXT.resetRequestIntro });
  return (
    <AuthCard title={PAGES.forgotPassword.heading} description={PAGES.forgotPassword.description}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
