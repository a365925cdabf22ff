import { useId, useState, type FormEvent } from 'react';
import { ACCESS_TEXT, countOf, UNITS, type InvitationView, type IssuedLink } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/core/label';
import { NativeSelect } from '@/components/ui/core/native-select';
import { useCreateInvitation, useRevokeInvitation } from '../api/admin';
import { IssuedLinkBox } from './issued-link';

const USES = [1, 5, 30, 100];
const SIGN_UPS = { one: 'sign-up', other: 'sign-ups' };
const DAYS = [1, 7, 30, 90];

/** Invitation links for `SIGNUP=invite`: how many sign-ups each allows, and for how long. */
export function InvitationsCard({
  invitations,
  signupMode,
}: {
  invitations: InvitationView[];
  signupMode: string | undefined;
}) {
  const id = useId();
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const [maxUses, setMaxUses] = useState(1);
  const [days, setDays] = useState(7);
  const [issued, setIssued] = useState<IssuedLink | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIssued(await create.mutateAsync({ maxUses, expiresInDays: days }));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{ACCESS_TEXT.invitationsHeading}</CardTitle>
        <CardDescription>
          {signupMode === 'invite'
            ? 'New accounts need an invitation link.'
            : signupMode === 'closed'
              ? 'Sign-up is closed: invitations work once SIGNUP=invite is set.'
              : 'Anyone can sign up: invitations matter once SIGNUP=invite is set.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-28 flex-1 flex-col gap-2">
            <Label htmlFor={`${id}-uses`}>Sign-ups</Label>
            <NativeSelect
              id={`${id}-uses`}
              value={maxUses}
              onChange={(e) => setMaxUses(Number(e.target.value))}
            >
              {USES.map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? 'One person' : `${n} people`}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex min-w-28 flex-1 flex-col gap-2">
            <Label htmlFor={`${id}-days`}>Valid for</Label>
            <NativeSelect
              id={`${id}-days`}
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
            >
              {DAYS.map((n) => (
                <option key={n} value={n}>
                  {countOf(n, UNITS.day)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" size="lg" loading={create.isPending}>
            {ACCESS_TEXT.createInvitation}
          </Button>
        </form>
        {issued && <IssuedLinkBox label={ACCESS_TEXT.invitationCreated} link={issued} />}
        {invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invitation can be used right now.</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-lg border">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex items-center justify-between gap-3 p-3">
                <span className="text-sm">
                  {invitation.uses} of {countOf(invitation.maxUses, SIGN_UPS)} used · until{' '}
                  {new Date(invitation.expiresAt).toLocaleDateString()}
                </span>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  loading={revoke.isPending && revoke.variables === invitation.id}
                  onClick={() => revoke.mutate(invitation.id)}
                >
                  Withdraw
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
