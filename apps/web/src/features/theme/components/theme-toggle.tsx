import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import type { Theme } from '@verba/shared';
import { cn } from '@/lib/cn';
import { useTheme } from '../hooks/use-theme';

const OPTIONS: ReadonlyArray<{ value: Theme; label: string; icon: LucideIcon }> = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/**
 * Light, dark or follow the system; the choice is kept in localStorage under `theme`. Native
 * radio buttons: arrow keys move between them and Tab enters at the chosen one, as in any form.
 * Each input covers its whole option, so the option is the tap target.
 */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  return (
    <div
      role="radiogroup"
      aria-label="Theme"
      className="grid grid-cols-3 gap-2 rounded-xl bg-muted p-1"
    >
      {OPTIONS.map(({ value, label, icon: Icon }) => (
        <label
          key={value}
          className={cn(
            'relative flex h-11 items-center justify-center gap-2 rounded-lg text-sm font-medium text-muted-foreground transition-colors hover:text-foreground has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50',
            'has-checked:bg-card has-checked:text-foreground has-checked:shadow-sm',
          )}
        >
          <input
            type="radio"
            name="theme"
            value={value}
            checked={theme === value}
            onChange={() => setTheme(value)}
            className="absolute inset-0 cursor-pointer appearance-none rounded-lg outline-none"
          />
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </label>
      ))}
    </div>
  );
}
