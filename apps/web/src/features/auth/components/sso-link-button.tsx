import { useAuthOptions } from '../api/auth-options';
import { SsoButton } from './sso-button';

/**
 * On the profile, when the server has single sign-on: links the provider to this account, so
 * the learner can sign in with it from then on. The provider must vouch for the same email.
 */
export function SsoLinkButton() {
  const sso = useAuthOptions().data?.sso;
  if (!sso) return null;
  return <SsoButton label={`Link ${sso.label}`} link />;
}
