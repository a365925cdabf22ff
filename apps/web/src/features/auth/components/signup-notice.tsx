import type { ReactNode } from 'react';

/** A line above (or instead of) the sign-up form: why sign-up is closed, or that one is invited. */
export function SignupNotice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-lg border border-primary/30 bg-primary/5 px-3 py-2 text-sm text-foreground"
    >
      {children}
    </p>
  );
}
