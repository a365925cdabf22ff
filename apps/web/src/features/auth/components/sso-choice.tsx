import { ACCESS_TEXT, type AuthOptions } from '@verba/shared';
import { SsoButton } from './sso-button';

/** The single sign-on button, and the line between it and the password form when both show. */
export function SsoChoice({ options, invitation }: { options: AuthOptions; invitation?: string }) {
  if (!options.sso) return null;
  return (
    <>
      <SsoButton label={options.sso.label} {...(invitation ? { invitation } : {})} />
      {!options.ssoOnly && (
        <p className="flex items-center gap-3 text-xs text-muted-foreground uppercase before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
          {ACCESS_TEXT.ssoOr}
        </p>
      )}
    </>
  );
}
