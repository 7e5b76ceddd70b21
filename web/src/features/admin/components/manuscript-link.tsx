import { Download } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

/** The admin-only manuscript download; the session cookie goes with it, so it works from the dashboard only. */
export function ManuscriptLink({ href, filename }: { href: string; filename: string }) {
  return (
    <a href={href} download={filename} className={buttonClasses('outline', 'sm')}>
      <Download className="size-4" aria-hidden />
      Download manuscript
    </a>
  );
}
