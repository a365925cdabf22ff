import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Download, KeyRound, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  ACCOUNT_TEXT,
  DISPLAY_NAME_MAX_LENGTH,
  LANGUAGES,
  passwordChangeProblem,
  TOAST,
  VALIDATION,
  type LanguageCode,
  type Profile,
} from '@verba/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { paths } from '@/config/paths';
import { ApiError, errorReasons } from '@/lib/api-error';
import { useOnline } from '@/lib/online';
import { useUpdateProfile } from '@/lib/profile';
import { useChangePassword, useDeleteAccount, useDownloadMyData } from '../api/account';

function failureText(error: Error): string {
  if (error instanceof ApiError) {
    const reasons = errorReasons(error);
    return reasons.length > 0 ? `${error.message} ${reasons.join(' ')}` : error.message;
  }
  return error.message;
}

function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}

function DisplayNameForm({ profile, online }: { profile: Profile; online: boolean }) {
  const id = useId();
  const [name, setName] = useState(profile.displayName ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length > DISPLAY_NAME_MAX_LENGTH)
      return setError(`A name can be at most ${DISPLAY_NAME_MAX_LENGTH} characters`);
    setError(null);
    update.mutate(
      { displayName: trimmed || null },
      {
        onSuccess: () => toast.success(ACCOUNT_TEXT.nameSaved),
        onError: (failure) => setError(failureText(failure)),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <Label htmlFor={`${id}-name`}>Display name</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-name`}
          value={name}
          placeholder={profile.email}
          autoComplete="nickname"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={update.isPending} disabled={!online}>
          Save
        </Button>
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </form>
  );
}

function LanguagePicker({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: LanguageCode;
  onChange: (code: LanguageCode) => void;
}) {
  return (
    <div className="flex flex-1 flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as LanguageCode)}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code}>
            {language.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function LanguagesForm({ profile, online }: { profile: Profile; online: boolean }) {
  const id = useId();
  const [nativeLanguage, setNative] = useState<LanguageCode>(profile.nativeLanguage);
  const [targetLanguage, setTarget] = useState<LanguageCode>(profile.targetLanguage);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (nativeLanguage === targetLanguage) return setError(VALIDATION.languagesMustDiffer);
    setError(null);
    update.mutate(
      { nativeLanguage, targetLanguage },
      {
        onSuccess: () => toast.success(ACCOUNT_TEXT.languagesSaved),
        onError: (failure) => setError(failureText(failure)),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        <LanguagePicker
          id={`${id}-native`}
          label="I speak"
          value={nativeLanguage}
          onChange={setNative}
        />
        <LanguagePicker
          id={`${id}-target`}
          label="I'm learning"
          value={targetLanguage}
          onChange={setTarget}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        New cards are written in these languages; your existing cards stay as they are.
      </p>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      <Button type="submit" variant="secondary" loading={update.isPending} disabled={!online}>
        Save languages
      </Button>
    </form>
  );
}

function ChangePasswordDialog({ online }: { online: boolean }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setCurrent('');
      setNew('');
      setError(null);
    }
  };
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
          close(false);
        },
        onError: (failure) => setError(failureText(failure)),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full" disabled={!online}>
          <KeyRound aria-hidden="true" />
          Change password
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change password</DialogTitle>
          <DialogDescription>
            You stay signed in here; every other device is signed out.
          </DialogDescription>
        </DialogHeader>
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
      </DialogContent>
    </Dialog>
  );
}

function DeleteAccountDialog({ online }: { online: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setTyped('');
          setError(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant="outline"
          className="w-full text-destructive hover:text-destructive"
          disabled={!online}
        >
          <Trash2 aria-hidden="true" />
          Delete account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Your words, practice history, groups and feedback are deleted for good, and you are
            signed out everywhere. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-confirm`}>
              Type {ACCOUNT_TEXT.deleteConfirmation} to confirm
            </Label>
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
      </DialogContent>
    </Dialog>
  );
}

/** Name, languages, password, a copy of the data, and deleting the account. */
export function AccountSettings({ profile }: { profile: Profile }) {
  const online = useOnline();
  const download = useDownloadMyData();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Account</CardTitle>
        <CardDescription>{profile.email}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {!online && (
          <p role="status" className="rounded-lg bg-muted p-3 text-sm text-muted-foreground">
            {ACCOUNT_TEXT.offline}
          </p>
        )}
        <DisplayNameForm key={profile.displayName ?? ''} profile={profile} online={online} />
        <LanguagesForm
          key={`${profile.nativeLanguage}-${profile.targetLanguage}`}
          profile={profile}
          online={online}
        />
        <div className="flex flex-col gap-3">
          <ChangePasswordDialog online={online} />
          <Button
            variant="outline"
            className="w-full"
            loading={download.isPending}
            disabled={!online}
            onClick={() =>
              download.mutate(undefined, {
                onError: (failure) => toast.error(TOAST.error, { description: failure.message }),
              })
            }
          >
            {!download.isPending && <Download aria-hidden="true" />}
            Download my data
          </Button>
          <DeleteAccountDialog online={online} />
        </div>
      </CardContent>
    </Card>
  );
}
