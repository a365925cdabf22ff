import { useId, useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { TOAST, type LoginInput } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Input } from '@/components/ui/core/input';
import { Label } from '@/components/ui/core/label';
import { ApiError, errorReasons } from '@/lib/core/api-error';
import { authErrorDescription } from './auth-error-description';

type Credentials = { email: string; password: string };

/**
 * The schemas (and zod with them) load apart from the form, so the page paints without them; the
 * form asks for them once the visitor starts on it, well before a first submit needs them.
 */
const loadValidation = (mode: CredentialsFormProps['mode']) =>
  import('../utils/credentials-validation').then((m) => m.CREDENTIALS_VALIDATION[mode]);

interface CredentialsFormProps {
  submitLabel: string;
  /** Title of the toast that reports a server failure ('Login failed', 'Signup failed'). */
  failureTitle: string;
  mode: 'login' | 'signup';
  /** The email to start with (the sign-in page reached from "Sign in instead."). */
  defaultEmail?: string;
  onSubmit: (values: LoginInput) => Promise<void>;
}

/**
 * Email and password form shared by sign-in and sign-up. The shared schema validates on submit
 * and each field's message sits under it. Sign-in also shows the first message in a 'Validation
 * error' toast (spec §8); sign-up shows every error once, in the form: under its field, or above
 * the button under 'Signup failed' (docs/decisions/018).
 */
export function CredentialsForm({
  submitLabel,
  failureTitle,
  mode,
  defaultEmail = '',
  onSubmit,
}: CredentialsFormProps) {
  const id = useId();
  const inline = mode === 'signup';
  const [failure, setFailure] = useState<ReactNode>(null);
  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;
  const warmValidation = () => void loadValidation(mode);
  const resolver: Resolver<Credentials, unknown, LoginInput> = async (values, context, options) =>
    (await loadValidation(mode)).resolver(values, context, options);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Credentials, unknown, LoginInput>({
    resolver,
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onValid = async (values: LoginInput) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const underFields: string[] = [];
      if (error instanceof ApiError) {
        // Field-level reasons from the server (e.g. why a password is too weak) go under the
        // field; the toast then carries only the headline.
        for (const field of ['email', 'password'] as const) {
          const messages = error.issues
            .filter((issue) => issue.path === field)
            .map((issue) => issue.message);
          if (messages.length > 0) setError(field, { message: messages.join(' ') });
          underFields.push(...messages);
        }
        if (error.issues.length === 0 && errorReasons(error).length === 0 && error.status === 401) {
          setError('password', { message: error.message });
        }
      }
      const description = authErrorDescription(error, {
        email: values.email,
        shownElsewhere: underFields,
      });
      if (inline) {
        setFailure(description);
        return;
      }
      toast.dismiss();
      toast.error(failureTitle, { description });
    }
  };

  const onInvalid = async () => {
    setFailure(null);
    if (inline) return;
    const message = (await loadValidation(mode)).firstIssue(getValues());
    if (message !== null) toast.error(TOAST.validationError, { description: message });
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      onFocus={warmValidation}
      onPointerDown={warmValidation}
      className="flex flex-col gap-5"
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={emailId}>Email</Label>
        <Input
          id={emailId}
          type="email"
          inputMode="email"
          autoComplete={mode === 'login' ? 'username' : 'email'}
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${emailId}-error` : undefined}
          {...register('email')}
        />
        {errors.email?.message && (
          <p id={`${emailId}-error`} className="text-sm text-destructive">
            {errors.email.message}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={passwordId}>Password</Label>
        <Input
          id={passwordId}
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          minLength={mode === 'signup' ? 6 : undefined}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${passwordId}-error` : undefined}
          {...register('password')}
        />
        {errors.password?.message && (
          <p id={`${passwordId}-error`} className="text-sm text-destructive">
            {errors.password.message}
          </p>
        )}
      </div>
      {failure && (
        <div
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
        >
          <p className="font-semibold text-destructive">{failureTitle}</p>
          <div className="text-foreground">{failure}</div>
        </div>
      )}
      <Button type="submit" size="lg" className="mt-1 w-full" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
