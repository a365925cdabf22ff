import { Link, useSearchParams } from 'react-router';
import { ACCESS_TEXT, SCREEN_TEXT, ssoErrorMessage, TOAST } from '@verba/shared';
import { paths } from '@/config/paths';
import { authPathKeepingNext, NEXT_PARAM } from '@/lib/core/gating';
import { useAuthOptions } from '../api/auth-options';
import { useSignIn } from '../api/sign-in';
import { CredentialsForm } from './credentials-form';
import { FormFailure } from './form-failure';
import { SsoChoice } from './sso-choice';

export function LoginForm() {
  const signIn = useSignIn();
  const [searchParams] = useSearchParams();
  const options = useAuthOptions().data;
  // A single sign-on that failed comes back here with its reason.
  const ssoError = searchParams.get('error');
  if (options?.ssoOnly) {
    return (
      <div className="flex flex-col gap-6">
        <FormFailure message={ssoError ? ssoErrorMessage(ssoError) : null} />
        <SsoChoice options={options} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <FormFailure message={ssoError ? ssoErrorMessage(ssoError) : null} />
      {options && <SsoChoice options={options} />}
      <CredentialsForm
        mode="login"
        defaultEmail={searchParams.get('email') ?? ''}
        submitLabel={SCREEN_TEXT.signIn}
        failureTitle={TOAST.loginFailed}
        onSubmit={async (values) => {
          await signIn.mutateAsync(values);
        }}
      />
      <p className="-mt-3 text-center text-sm">
        <Link
          to={paths.auth.forgotPassword}
          className="text-muted-foreground underline-offset-4 hover:text-primary hover:underline"
        >
          {ACCESS_TEXT.forgotPassword}
        </Link>
      </p>
      <p className="text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <Link
          to={authPathKeepingNext(paths.auth.signup, searchParams.get(NEXT_PARAM))}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Sign up
        </Link>
      </p>
    </div>
  );
}
