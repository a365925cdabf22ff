import { ACCESS_TEXT } from '@verba/shared';
import { PageHeader } from '@/components/layouts/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useAdminOverview } from '@/features/admin/api/admin';
import { AccountsCard } from '@/features/admin/components/accounts-card';
import { BackupsCard } from '@/features/admin/components/backups-card';
import { InvitationsCard } from '@/features/admin/components/invitations-card';
import { useAuthOptions } from '@/features/auth/api/auth-options';
import { useSessionUser } from '@/lib/core/auth';
import { usePageMeta } from '@/lib/page-meta';

export function AdminRoute() {
  usePageMeta({
    title: ACCESS_TEXT.adminTitle,
    description: 'Accounts and invitations.',
    noindex: true,
  });
  const overview = useAdminOverview();
  const signupMode = useAuthOptions().data?.signup;
  const ownId = useSessionUser().data?.id;
  return (
    <>
      <PageHeader
        title={ACCESS_TEXT.adminTitle}
        subtitle="Who uses this server, and who may join."
      />
      {overview.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      ) : overview.isError ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-4">
          {overview.error.message}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <InvitationsCard invitations={overview.data.invitations} signupMode={signupMode} />
          <AccountsCard accounts={overview.data.accounts} {...(ownId ? { ownId } : {})} />
          {overview.data.backups && <BackupsCard backups={overview.data.backups} />}
        </div>
      )}
    </>
  );
}
