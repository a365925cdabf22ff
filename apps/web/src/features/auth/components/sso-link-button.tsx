import { useSearchParams } from 'react-router';
import { ssoLinkErrorMessage } from '@verba/shared';
import { useAuthOptions } from '../api/auth-options';
import { FormFailure } from './form-failure';
import { SsoButton } from './sso-button';

/**
 * On the profile, when the server has single sign-on: links the provider to this account, so
 * the learner can sign in with it from then on. The provider must vouch for the same email; a
 * link it refused comes back here with its reason, which is said under the button.
 */
export function SsoLinkButton() {
  const sso = useAuthOptions().data?.sso;
  const error = useSearchParams()[0].get('error');
  if (!sso) return null;
  return (
    <div className="space-y-2">
      <SsoButton label={`Link ${sso.label}`} link />
      <FormFailure message={error ? ssoLinkErrorMessage(error) : null} />
    </div>
  );
}
