import type { ReactNode } from 'react';

/** The coloured band that opens most pages. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-indigo-950 via-indigo-900 to-purple-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <h1 className="font-serif text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-indigo-100">{children}</div>}
      </div>
    </section>
  );
}
