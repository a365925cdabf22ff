import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Download, KeyRound, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import {
  ACCOUNT_TEXT,
  DISPLAY_NAME_MAX_LENGTH,
  LANGUAGES,
  TOAST,
  VALIDATION,
  type LanguageCode,
  type Profile,
} from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Spinner } from '@/components/ui/spinner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/core/input';
import { Label } from '@/components/ui/core/label';
import { NativeSelect } from '@/components/ui/core/native-select';
import { useOnline } from '@/lib/core/online';
import { useUpdateProfile } from '@/lib/core/profile';
import { useDownloadMyData } from '../api/download-my-data';
import { ExportWords } from './export-words';
import { failureText, FieldError } from './field-error';

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

// The dialogs' forms are fetched when the learner reaches for a button, not with the profile: most
// visits open neither. Hovering or focusing a button starts the fetch, so its dialog opens complete.
const loadAccountForms = () => import('./account-forms');
const ChangePasswordForm = lazy(() =>
  loadAccountForms().then((module) => ({ default: module.ChangePasswordForm })),
);
const DeleteAccountForm = lazy(() =>
  loadAccountForms().then((module) => ({ default: module.DeleteAccountForm })),
);

function FormLoading() {
  return (
    <div className="flex justify-center py-8">
      <Spinner />
    </div>
  );
}

function ChangePasswordDialog({ online }: { online: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          className="w-full"
          disabled={!online}
          onPointerEnter={() => void loadAccountForms()}
          onFocus={() => void loadAccountForms()}
        >
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
        {/* The forms live inside the dialogs' content, so closing a dialog clears its form. */}
        <Suspense fallback={<FormLoading />}>
          <ChangePasswordForm onChanged={() => setOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

function DeleteAccountDialog({ online }: { online: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          className="w-full text-destructive hover:text-destructive"
          disabled={!online}
          onPointerEnter={() => void loadAccountForms()}
          onFocus={() => void loadAccountForms()}
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
        <Suspense fallback={<FormLoading />}>
          <DeleteAccountForm />
        </Suspense>
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
          <ExportWords online={online} />
          <DeleteAccountDialog online={online} />
        </div>
      </CardContent>
    </Card>
  );
}
