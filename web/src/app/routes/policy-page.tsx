import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';

export function PolicyPage({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title}>{summary}</PageHeader>
      <article className="mx-auto grid max-w-3xl gap-8 px-4 py-14 text-slate-700 sm:px-6 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-indigo-950 [&_p]:leading-7 [&_section]:grid [&_section]:gap-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
        {children}
        <section>
          <h2>Questions</h2>
          <p>
            Write to us through our{' '}
            <Link to="/contact" className="font-semibold text-indigo-800 underline">
              contact page
            </Link>{' '}
            and we will reply within 24 hours on business days.
          </p>
        </section>
      </article>
    </>
  );
}
