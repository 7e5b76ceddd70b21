import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** alert: needs attention; secondary: in progress; positive: done; plain: anything else. */
export type BadgeVariant = 'alert' | 'secondary' | 'positive' | 'plain';

const variants: Record<BadgeVariant, string> = {
  alert: 'border-red-200 bg-red-50 text-red-800',
  secondary: 'border-indigo-200 bg-indigo-50 text-indigo-900',
  positive: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  plain: 'border-slate-200 bg-white text-slate-700',
};

interface BadgeProps {
  variant?: BadgeVariant;
  className?: string;
  children: ReactNode;
}

export function Badge({ variant = 'plain', className, children }: BadgeProps) {
  return (
    <span
      data-variant={variant}
      className={clsx('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', variants[variant], className)}
    >
      {children}
    </span>
  );
}
