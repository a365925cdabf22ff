import { Link } from 'react-router';
import { PAGE_TEXT } from '@verba/shared';
import { BrandMark } from '@/components/ui/brand-mark';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/page-meta';

/**
 * The spec's 404 page: 'Oops! Page not found' and 'Return to Home'. Shown for an unknown path,
 * and inside the app for a word or group link whose id cannot be one.
 */
export const NOT_FOUND_META = {
  title: 'Page not found',
  description: PAGE_TEXT.notFoundTitle,
  noindex: true,
} as const;

export function NotFound({ className }: { className?: string }) {
  usePageMeta(NOT_FOUND_META);
  return (
    <div
      className={cn(
        'mx-auto flex w-full max-w-md flex-col items-center justify-center gap-6 px-6 text-center',
        className,
      )}
    >
      <BrandMark className="size-14" />
      <p className="text-7xl font-extrabold tracking-tight text-primary">404</p>
      <h1 className="text-2xl font-bold tracking-tight">{PAGE_TEXT.notFoundTitle}</h1>
      <Link to={paths.home} className={buttonVariants()}>
        {PAGE_TEXT.notFoundLink}
      </Link>
    </div>
  );
}
