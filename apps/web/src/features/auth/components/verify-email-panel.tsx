import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACCESS_TEXT } from '@verba/shared';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { useVerifyEmail } from '../api/verify-email';
import { SignupNotice } from './signup-notice';

/**
 * Opens the confirmation link: confirms the address once the page shows, then continues into
 * onboarding (the gate sends someone signed out to sign in first, and someone onboarded to the
 * feed).
 */
export function VerifyEmailPanel() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useVerifyEmail();
  const asked = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    mutate(token);
  }, [token, mutate]);

  if (!token || verify.isError) {
    return (
      <div className="flex flex-col gap-6">
        <SignupNotice>{verify.error?.message ?? ACCESS_TEXT.verifyLinkInvalid}</SignupNotice>
        <Link to={paths.auth.login} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          Sign in
        </Link>
      </div>
    );
  }
  if (!verify.isSuccess) {
    return (
      <p role="status" className="text-center text-sm text-muted-foreground">
        {ACCESS_TEXT.verifyWorking}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <SignupNotice>{verify.data.message}</SignupNotice>
      <Link to={paths.onboarding} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
        {ACCESS_TEXT.verifyContinue}
      </Link>
    </div>
  );
}
