import { Link, useSearchParams } from 'react-router';
import { SCREEN_TEXT, TOAST } from '@verba/shared';
import { paths } from '@/config/paths';
import { authPathKeepingNext, NEXT_PARAM } from '@/lib/gating';
import { useSignIn } from '../api/sign-in';
import { CredentialsForm } from './credentials-form';

export function LoginForm() {
  const signIn = useSignIn();
  const [searchParams] = useSearchParams();
  return (
    <div className="flex flex-col gap-6">
      <CredentialsForm
        mode="login"
        defaultEmail={searchParams.get('email') ?? ''}
        submitLabel={SCREEN_TEXT.signIn}
        failureTitle={TOAST.loginFailed}
        onSubmit={async (values) => {
          await signIn.mutateAsync(values);
        }}
      />
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
