import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ACCESS_TEXT } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Input } from '@/components/ui/core/input';
import { Label } from '@/components/ui/core/label';
import { paths } from '@/config/paths';
import { useAuthOptions } from '../api/auth-options';
import { useRequestPasswordReset } from '../api/password-reset';
import { FormFailure } from './form-failure';
import { SignupNotice } from './signup-notice';

/**
 * Asks for a reset link by email. Without mail set up on the server, it says whom to ask instead:
 * an admin can issue a one-time link from the admin page.
 */
export function ForgotPasswordForm() {
  const id = useId();
  const options = useAuthOptions();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await request.mutateAsync(email);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      {options.data && !options.data.passwordResetByEmail ? (
        <SignupNotice>{ACCESS_TEXT.resetUnavailable}</SignupNotice>
      ) : request.isSuccess ? (
        <SignupNotice>{request.data.message}</SignupNotice>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-5">
          <p className="text-sm text-muted-foreground">{ACCESS_TEXT.resetRequestIntro}</p>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="you@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <FormFailure message={failure} />
          <Button type="submit" size="lg" className="w-full" loading={request.isPending}>
            {ACCESS_TEXT.resetRequestButton}
          </Button>
        </form>
      )}
      <p className="text-center text-sm text-muted-foreground">
        <Link
          to={paths.auth.login}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
