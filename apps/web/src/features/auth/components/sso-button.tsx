import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/core/button';
import { api } from '@/lib/core/api-client';
import { FormFailure } from './form-failure';

/**
 * Goes to the server's identity provider: the server gives the provider's address (with a state
 * and a nonce it checks on the way back), and the browser goes there. To sign in (with the
 * invitation the visitor came with), or to link the provider to the signed-in account.
 */
export function SsoButton({
  label,
  invitation,
  link = false,
}: {
  label: string;
  invitation?: string;
  link?: boolean;
}) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const start = async () => {
    setPending(true);
    setFailure(null);
    try {
      const { url } = link
        ? await api.post<{ url: string }>('/api/sso/link', {})
        : await api.post<{ url: string }>('/api/auth/sso', invitation ? { invitation } : {});
      window.location.assign(url);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setPending(false);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <FormFailure message={failure} />
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        loading={pending}
        onClick={() => void start()}
      >
        <KeyRound aria-hidden="true" />
        {label}
      </Button>
    </div>
  );
}
