import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACCESS_TEXT } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Input } from '@/components/ui/core/input';
import { Label } from '@/components/ui/core/label';
import { paths } from '@/config/paths';
import { useResetPassword } from '../api/password-reset';
import { FormFailure } from './form-failure';
import { SignupNotice } from './signup-notice';

/** Sets a new password with the token of a reset link (mailed, or handed over by an admin). */
export function ResetPasswordForm() {
  const id = useId();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await reset.mutateAsync({ token, newPassword: password });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-6">
        <SignupNotice>{ACCESS_TEXT.resetDone}</SignupNotice>
        <Link to={paths.auth.login} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          Sign in
        </Link>
      </div>
    );
  }
  if (!token) return <SignupNotice>{ACCESS_TEXT.resetLinkInvalid}</SignupNotice>;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-password`}>New password</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="new-password"
          minLength={6}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <FormFailure message={failure} />
      <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
        {ACCESS_TEXT.newPasswordButton}
      </Button>
    </form>
  );
}
