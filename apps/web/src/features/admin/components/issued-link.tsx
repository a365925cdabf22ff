import { useId } from 'react';
import { toast } from 'sonner';
import { ACCESS_TEXT, type IssuedLink } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Input } from '@/components/ui/core/input';

/** A link shown once (an invitation, a reset link): it is never stored as is, so copy it now. */
export function IssuedLinkBox({ label, link }: { label: string; link: IssuedLink }) {
  const id = useId();
  const copy = async () => {
    await navigator.clipboard.writeText(link.url).catch(() => undefined);
    toast.success('Link copied');
  };
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={link.url}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {ACCESS_TEXT.copy}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Valid until {new Date(link.expiresAt).toLocaleString()}. It is shown only now.
      </p>
    </div>
  );
}
