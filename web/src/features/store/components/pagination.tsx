import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { pageLinks } from '../store-query';

interface PaginationProps {
  page: number;
  count: number;
  onPageChange: (page: number) => void;
}

export function Pagination({ page, count, onPageChange }: PaginationProps) {
  if (count <= 1) return null;

  return (
    <nav aria-label="Pagination" className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <button type="button" disabled={page <= 1} onClick={() => onPageChange(page - 1)} className={buttonClasses('outline', 'sm')}>
            <ChevronLeft className="size-4" aria-hidden />
            <span className="max-sm:sr-only">Previous</span>
          </button>
        </li>
        {pageLinks(page, count).map((link, index) =>
          link === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-slate-400">
              …
            </li>
          ) : (
            <li key={link}>
              <button
                type="button"
                aria-label={`Page ${link}`}
                aria-current={link === page ? 'page' : undefined}
                onClick={() => link !== page && onPageChange(link)}
                className={clsx(buttonClasses(link === page ? 'primary' : 'outline', 'sm'), 'min-w-9 px-2')}
              >
                {link}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" disabled={page >= count} onClick={() => onPageChange(page + 1)} className={buttonClasses('outline', 'sm')}>
            <span className="max-sm:sr-only">Next</span>
            <ChevronRight className="size-4" aria-hidden />
          </button>
        </li>
      </ul>
    </nav>
  );
}
