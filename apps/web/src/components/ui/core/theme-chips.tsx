import { cn } from '@/lib/cn';

/** A word's themes as a row of chips (a word's card, onboarding's sample card). */
export function ThemeChips({
  themes,
  className,
}: {
  themes: readonly string[];
  className?: string;
}) {
  return (
    <ul className={cn('flex flex-wrap gap-2', className)} aria-label="Themes">
      {themes.map((theme) => (
        <li
          key={theme}
          className="rounded-full bg-secondary px-2.5 py-1 text-xs font-medium text-secondary-foreground"
        >
          {theme}
        </li>
      ))}
    </ul>
  );
}
