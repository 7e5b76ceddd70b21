import * as TabsPrimitive from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** Radix Tabs (arrow keys move between tabs, the panel follows) with the site's look. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={clsx('flex gap-1 overflow-x-auto rounded-lg bg-indigo-100/70 p-1', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={clsx(
        'inline-flex min-h-10 flex-1 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-semibold whitespace-nowrap text-indigo-900 transition-colors',
        'hover:bg-white/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500',
        'data-[state=active]:bg-white data-[state=active]:text-indigo-950 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A tab's panel. With `keepMounted` an inactive panel is hidden rather than unmounted, so a half-filled
 * form survives a switch to the other tab.
 */
export function TabsContent({ className, keepMounted, ...props }: ComponentProps<typeof TabsPrimitive.Content> & { keepMounted?: boolean }) {
  return (
    <TabsPrimitive.Content
      forceMount={keepMounted || undefined}
      className={clsx('mt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-amber-500', 'data-[state=inactive]:hidden', className)}
      {...props}
    />
  );
}
