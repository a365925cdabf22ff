import { PAGE_TEXT } from '@verba/shared';
import { BrandMark } from '@/components/ui/brand-mark';

export function StepWelcome() {
  return (
    <div className="flex flex-col items-center gap-6 text-center">
      <BrandMark className="size-24 drop-shadow-lg" />
      <div className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight">Welcome to Verba</h1>
        <p className="text-lg font-medium">{PAGE_TEXT.tagline}</p>
        <p className="text-muted-foreground">{PAGE_TEXT.taglineSecondary}</p>
      </div>
    </div>
  );
}
