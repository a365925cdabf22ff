import { useCallback, useEffect, useRef, type ComponentProps } from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

export const Select = SelectPrimitive.Root;
export const SelectValue = SelectPrimitive.Value;

export function SelectTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger
      className={cn(
        'flex h-12 w-full items-center justify-between gap-2 rounded-lg border border-input bg-card px-3 text-left text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground [&>span]:min-w-0 [&>span]:truncate',
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 opacity-60" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

const NOT_CONTENT = new Set(['SCRIPT', 'STYLE', 'LINK', 'META', 'TEMPLATE']);

/**
 * While a list is open, Radix hides the rest of the page from screen readers (aria-hidden on
 * every branch beside the list), but the buttons in it could still take focus. This makes the
 * same branches inert too, as a modal does, from the list's appearance until it closes (before
 * the focus returns to the trigger; Radix does not detach the list's ref as it closes).
 */
function useInertOutside() {
  const made = useRef<Element[]>([]);
  const release = useCallback(() => {
    for (const element of made.current) element.removeAttribute('inert');
    made.current = [];
  }, []);
  const hold = useCallback(
    (content: HTMLElement | null) => {
      release();
      for (let node = content; node && node !== document.body; node = node.parentElement) {
        for (const sibling of node.parentElement?.children ?? []) {
          if (
            sibling === node ||
            NOT_CONTENT.has(sibling.tagName) ||
            sibling.hasAttribute('inert')
          ) {
            continue;
          }
          sibling.setAttribute('inert', '');
          made.current.push(sibling);
        }
      }
    },
    [release],
  );
  useEffect(() => release, [release]);
  return { hold, release };
}

export function SelectContent({
  className,
  children,
  position = 'popper',
  onCloseAutoFocus,
  ...props
}: Omit<ComponentProps<typeof SelectPrimitive.Content>, 'ref'>) {
  const { hold: holdInert, release: releaseInert } = useInertOutside();
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        ref={holdInert}
        onCloseAutoFocus={(event) => {
          releaseInert();
          onCloseAutoFocus?.(event);
        }}
        position={position}
        sideOffset={4}
        className={cn(
          'relative z-50 max-h-[min(var(--radix-select-content-available-height),22rem)] w-[var(--radix-select-trigger-width)] overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-lg',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({
  className,
  children,
  ...props
}: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        'relative flex w-full cursor-default items-center gap-2 rounded-md py-2.5 pr-8 pl-2 text-base outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground',
        className,
      )}
      {...props}
    >
      <SelectPrimitive.ItemText asChild>
        <span className="flex min-w-0 items-center gap-2">{children}</span>
      </SelectPrimitive.ItemText>
      <span className="absolute right-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check aria-hidden="true" className="size-4" />
        </SelectPrimitive.ItemIndicator>
      </span>
    </SelectPrimitive.Item>
  );
}
