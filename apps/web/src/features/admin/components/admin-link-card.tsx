import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { ACCESS_TEXT } from '@verba/shared';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { useAdminAccess } from '../api/admin';

/** On the profile of the server's admins only: the way to the admin page. */
export function AdminLinkCard() {
  if (!useAdminAccess()) return null;
  return (
    <Link
      to={paths.app.admin}
      className={buttonVariants({ variant: 'outline', size: 'lg', className: 'w-full' })}
    >
      <ShieldCheck aria-hidden="true" />
      {ACCESS_TEXT.adminLink}
    </Link>
  );
}
