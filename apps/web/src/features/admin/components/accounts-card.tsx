import { useState } from 'react';
import { toast } from 'sonner';
import { ACCESS_TEXT, countOf, UNITS, type AdminAccount, type IssuedLink } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDeleteAccount, useIssueResetLink, useSetDisabled } from '../api/admin';
import { IssuedLinkBox } from './issued-link';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : 'never');

/** Every account of the server: who, since when, last seen, how many words; and what to do. */
export function AccountsCard({ accounts, ownId }: { accounts: AdminAccount[]; ownId?: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{ACCESS_TEXT.accountsHeading}</CardTitle>
        <CardDescription>{countOf(accounts.length, ACCOUNT)} on this server.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y rounded-lg border">
          {accounts.map((account) => (
            <AccountRow key={account.id} account={account} own={account.id === ownId} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

const ACCOUNT = { one: 'account', other: 'accounts' };

function AccountRow({ account, own }: { account: AdminAccount; own: boolean }) {
  const setDisabled = useSetDisabled();
  const remove = useDeleteAccount();
  const resetLink = useIssueResetLink();
  const [confirming, setConfirming] = useState(false);
  const [link, setLink] = useState<IssuedLink | null>(null);
  const fail = (error: unknown) =>
    toast.error(ACCESS_TEXT.adminTitle, {
      description: error instanceof Error ? error.message : String(error),
    });

  return (
    <li className="flex flex-col gap-2 p-3" aria-label={account.email}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all">{account.email}</span>
        {account.admin && <Badge>Admin</Badge>}
        {account.disabled && <Badge tone="danger">Disabled</Badge>}
      </div>
      <p className="text-xs text-muted-foreground">
        Created {day(account.createdAt)} · Last active {day(account.lastActiveAt)} ·{' '}
        {countOf(account.words, UNITS.word)}
      </p>
      {!own && (
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            loading={setDisabled.isPending}
            onClick={() =>
              setDisabled.mutateAsync({ id: account.id, disabled: !account.disabled }).catch(fail)
            }
          >
            {account.disabled ? ACCESS_TEXT.enable : ACCESS_TEXT.disable}
          </Button>
          {!account.disabled && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              loading={resetLink.isPending}
              onClick={() => resetLink.mutateAsync(account.id).then(setLink, fail)}
            >
              {ACCESS_TEXT.resetLink}
            </Button>
          )}
          <Button
            type="button"
            size="sm"
            variant={confirming ? 'destructive' : 'ghost'}
            loading={remove.isPending}
            onClick={() => {
              if (!confirming) return setConfirming(true);
              void remove.mutateAsync(account.id).catch(fail);
            }}
            onBlur={() => setConfirming(false)}
          >
            {confirming ? `Delete ${account.email}?` : ACCESS_TEXT.deleteAccount}
          </Button>
        </div>
      )}
      {link && <IssuedLinkBox label={ACCESS_TEXT.resetLinkCreated} link={link} />}
    </li>
  );
}

function Badge({ children, tone }: { children: string; tone?: 'danger' }) {
  return (
    <span
      className={
        tone === 'danger'
          ? 'rounded-full bg-rose-100 px-2 py-0.5 text-xs font-medium text-rose-800 dark:bg-rose-950 dark:text-rose-200'
          : 'rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary'
      }
    >
      {children}
    </span>
  );
}
