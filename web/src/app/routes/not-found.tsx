import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { NOT_FOUND_COPY } from '@km/contracts/vocabulary';
import { buttonClasses } from '@/components/ui/button';
import { useTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  useTitle(NOT_FOUND_COPY.title);
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center">
      <CircleAlert className="size-12 text-red-500" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-2 text-slate-600">Did you forget to add the page to the router?</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to Home
      </Link>
    </section>
  );
}
