import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ACCESS_TEXT, SCREEN_TEXT, TOAST } from '@verba/shared';
import { paths } from '@/config/paths';
import { authPathKeepingNext, NEXT_PARAM } from '@/lib/core/gating';
import { useAuthOptions } from '../api/auth-options';
import { useSignUp } from '../api/sign-up';
import { CredentialsForm } from './credentials-form';
import { SignupNotice } from './signup-notice';
import { SsoChoice } from './sso-choice';

/**
 * The sign-up form, as the server's SIGNUP setting allows: open to all, only through an
 * invitation link (`?invite=`), or closed. The server decides; the page says so before anyone types.
 */
export function SignupForm() {
  const signUp = useSignUp();
  const [searchParams] = useSearchParams();
  const invitation = searchParams.get('invite') ?? undefined;
  const options = useAuthOptions().data;
  const mode = options?.signup ?? 'open';
  const refusal =
    mode === 'closed'
      ? ACCESS_TEXT.signupClosed
      : mode === 'invite' && !invitation
        ? ACCESS_TEXT.signupNeedsInvitation
        : null;
  return (
    <div className="flex flex-col gap-6">
      {refusal ? (
        <SignupNotice>{refusal}</SignupNotice>
      ) : (
        <>
          {mode === 'invite' && <SignupNotice>{ACCESS_TEXT.invitationAccepted}</SignupNotice>}
          {options && <SsoChoice options={options} {...(invitation ? { invitation } : {})} />}
          {!options?.ssoOnly && (
            <CredentialsForm
              mode="signup"
              submitLabel={SCREEN_TEXT.signUp}
              failureTitle={TOAST.signupFailed}
              onSubmit={async (values) => {
                await signUp.mutateAsync({ ...values, ...(invitation ? { invitation } : {}) });
                toast.dismiss();
                toast.success(TOAST.accountCreated, {
                  description: TOAST.accountCreatedDescription,
                });
              }}
            />
          )}
        </>
      )}
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link
          to={authPathKeepingNext(paths.auth.login, searchParams.get(NEXT_PARAM))}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </div>
  );
}
