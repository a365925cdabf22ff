import type { ComponentProps } from 'react';
import { Switch as SwitchPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

/**
 * An on/off switch (role="switch"), labelled by the element its id is tied to. The button is a
 * 44 px touch target; the track it draws (`before:`) is smaller.
 */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'relative inline-flex h-11 w-12 shrink-0 items-center outline-none disabled:cursor-not-allowed disabled:opacity-50',
        'before:absolute before:inset-x-0 before:top-1/2 before:h-7 before:-translate-y-1/2 before:rounded-full before:bg-input before:transition-colors data-[state=checked]:before:bg-primary',
        'focus-visible:before:ring-[3px] focus-visible:before:ring-ring/50',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="relative ms-0.5 block size-6 rounded-full bg-background shadow-sm transition-transform data-[state=checked]:translate-x-5" />
    </SwitchPrimitive.Root>
  );
}
