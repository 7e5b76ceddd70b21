import { BookOpen, Sparkles } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

export function PublishingHero() {
  return (
    <section className="bg-gradient-to-br from-indigo-950 via-indigo-900 to-purple-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8 lg:py-24">
        <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-amber-300/40 bg-white/5 px-4 py-1 text-sm text-amber-200">
          <Sparkles className="size-4" aria-hidden />
          Kingdom Publishing Services
        </p>
        <h1 className="max-w-3xl font-serif text-4xl font-bold tracking-tight sm:text-5xl">Share the message God placed on your heart</h1>
        <p className="mt-5 max-w-2xl text-lg text-indigo-100">
          From first draft to finished book: editing, design, publishing and distribution for Christian authors, with a team that shares your faith and your
          purpose.
        </p>
        <div className="mt-8 flex flex-col gap-4 sm:flex-row">
          <a href="#publishing-form" className={buttonClasses('accent', 'lg')}>
            Start Your Publishing Journey
          </a>
          <a href="#submit-manuscript" className={buttonClasses('outline-light', 'lg')}>
            <BookOpen className="size-5" aria-hidden />
            Submit Your Manuscript
          </a>
        </div>
      </div>
    </section>
  );
}
