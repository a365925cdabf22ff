import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { paths } from '@/config/paths';

/** Frame of the sign-in and sign-up pages: the brand above one centred card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-10">
      <Link
        to={paths.home}
        className="mb-8 flex items-center justify-center gap-2 self-center rounded-lg text-xl font-bold tracking-tight"
      >
        <BrandMark className="size-9" />
        <span>Verba</span>
      </Link>
      <main>{children}</main>
    </div>
  );
}
