import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import type { Theme } from '@verba/shared';
import { cn } from '@/lib/cn';
import { useTheme } from '../hooks/use-theme';

const OPTIONS: ReadonlyArray<{ value: Theme; label: string; icon: LucideIcon }> = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/** Light, dark or follow the system; the choice is kept in localStorage under `theme`. */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  return (
    <RadioGroup.Root
      aria-label="Theme"
      value={theme}
      onValueChange={(value) => setTheme(value as Theme)}
      className="grid grid-cols-3 gap-2 rounded-xl bg-muted p-1"
    >
      {OPTIONS.map(({ value, label, icon: Icon }) => (
        <RadioGroup.Item
          key={value}
          value={value}
          className={cn(
            'flex h-11 items-center justify-center gap-2 rounded-lg text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
            'data-[state=checked]:bg-card data-[state=checked]:text-foreground data-[state=checked]:shadow-sm',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
