import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AUTH_HOME_CLASS, AuthFrame } from './auth-frame';

/** Frame of the sign-in and sign-up pages: the brand above one centred card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <AuthFrame
      homeLink={(content) => (
        <Link to={paths.home} className={AUTH_HOME_CLASS}>
          {content}
        </Link>
      )}
    >
      {children}
    </AuthFrame>
  );
}
