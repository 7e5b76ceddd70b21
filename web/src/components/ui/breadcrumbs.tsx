import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface Crumb {
  label: ReactNode;
  to: string;
}

/**
 * The trail above a page of its own (a product, a service, an episode): links up to the current page, which is named
 * last, unlinked, as `aria-current`. The gateway writes the same trail as `BreadcrumbList` data in the page's head.
 */
export function Breadcrumbs({ trail, current }: { trail: Crumb[]; current?: ReactNode }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        {trail.map((crumb, i) => (
          <li key={crumb.to}>
            <Link to={crumb.to} className="hover:text-indigo-800 hover:underline">
              {crumb.label}
            </Link>
            {(i < trail.length - 1 || current) && <span aria-hidden> / </span>}
          </li>
        ))}
        {current && (
          <li aria-current="page" className="font-medium text-slate-900">
            {current}
          </li>
        )}
      </ol>
    </nav>
  );
}
