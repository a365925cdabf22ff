import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { SCREEN_TEXT, TOAST } from '@verba/shared';
import { paths } from '@/config/paths';
import { authPathKeepingNext, NEXT_PARAM } from '@/lib/gating';
import { useSignUp } from '../api/sign-up';
import { CredentialsForm } from './credentials-form';

export function SignupForm() {
  const signUp = useSignUp();
  const [searchParams] = useSearchParams();
  return (
    <div className="flex flex-col gap-6">
      <CredentialsForm
        mode="signup"
        submitLabel={SCREEN_TEXT.signUp}
        failureTitle={TOAST.signupFailed}
        onSubmit={async (values) => {
          await signUp.mutateAsync(values);
          toast.dismiss();
          toast.success(TOAST.accountCreated, { description: TOAST.accountCreatedDescription });
        }}
      />
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
