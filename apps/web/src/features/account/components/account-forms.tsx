import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ACCOUNT_TEXT, passwordChangeProblem } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Input } from '@/components/ui/core/input';
import { Label } from '@/components/ui/core/label';
import { paths } from '@/config/paths';
import { useChangePassword } from '../api/change-password';
import { useDeleteAccount } from '../api/delete-account';
import { failureText, FieldError } from './field-error';

// The account dialogs' forms, loaded when the learner reaches for one (account-settings.tsx).

/** The change-password dialog's form: the current and the new password, checked, then sent. */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const id = useId();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordChangeProblem({ currentPassword, newPassword });
    if (problem) return setError(problem);
    setError(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success(ACCOUNT_TEXT.passwordChanged, {
            description: ACCOUNT_TEXT.passwordChangedDescription,
          });
          onChanged();
        },
        onError: (failure) => setError(failureText(failure)),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-current`}>Current password</Label>
        <Input
          id={`${id}-current`}
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrent(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-new`}>New password</Label>
        <Input
          id={`${id}-new`}
          type="password"
          autoComplete="new-password"
          minLength={6}
          value={newPassword}
          onChange={(event) => setNew(event.target.value)}
        />
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      <Button type="submit" loading={change.isPending}>
        Change password
      </Button>
    </form>
  );
}

/** The delete-account dialog's form: the confirmation word typed, then the account deleted. */
export function DeleteAccountForm() {
  const id = useId();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() !== ACCOUNT_TEXT.deleteConfirmation)
      return setError(ACCOUNT_TEXT.deleteConfirmationMismatch);
    setError(null);
    remove.mutate(ACCOUNT_TEXT.deleteConfirmation, {
      onSuccess: () => {
        toast.success(ACCOUNT_TEXT.accountDeleted);
        void navigate(paths.auth.login, { replace: true });
      },
      onError: (failure) => setError(failureText(failure)),
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-confirm`}>Type {ACCOUNT_TEXT.deleteConfirmation} to confirm</Label>
        <Input
          id={`${id}-confirm`}
          value={typed}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={error ? true : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      <Button type="submit" variant="destructive" loading={remove.isPending}>
        Delete my account
      </Button>
    </form>
  );
}
