import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';

export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={clsx('flex items-center justify-center', className)}>
      <LoaderCircle className="size-8 animate-spin text-indigo-700" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}
