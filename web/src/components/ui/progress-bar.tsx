import { clsx } from 'clsx';

/** A determinate progress bar with its percentage written out, for uploads. */
export function ProgressBar({ value, label, className }: { value: number; label: string; className?: string }) {
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div className={clsx('grid gap-1.5', className)}>
      <div className="flex justify-between text-sm font-medium text-slate-700">
        <span>{label}</span>
        <span aria-hidden>{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-indigo-100"
      >
        <div className="h-full rounded-full bg-indigo-700 transition-[width] duration-200" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
