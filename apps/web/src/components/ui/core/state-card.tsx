import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A full-card state of a page: an icon, a title and what follows (caught up, failed, done). */
export function StateCard({
  icon: Icon,
  title,
  titleId,
  tone = 'primary',
  children,
}: {
  icon: LucideIcon;
  title: string;
  titleId: string;
  tone?: 'primary' | 'success' | 'danger';
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col items-center rounded-2xl border bg-card px-6 py-8 text-center shadow-sm"
    >
      <div
        className={cn(
          'flex size-14 items-center justify-center rounded-full',
          tone === 'primary' && 'bg-primary/10 text-primary',
          tone === 'success' &&
            'bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
          tone === 'danger' && 'bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300',
        )}
      >
        <Icon aria-hidden="true" className="size-7" />
      </div>
      <h2 id={titleId} className="mt-4 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
