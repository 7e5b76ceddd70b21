import { FEATURES } from '@/config/features';
import { AddBookForm } from './add-book-form';
import { FeaturedBooks } from './featured-books';
import { HowItWorks } from './how-it-works';
import { InquiryForm } from './inquiry-form';
import { ManuscriptForm } from './manuscript-form';
import { PublishingHero } from './publishing-hero';
import { PublishingServices } from './publishing-services';

/** /publishing (spec §2). `isAdmin` comes from the current-user lookup the route makes on arrival. */
export function PublishingPage({ isAdmin }: { isAdmin: boolean }) {
  const showAddBook = FEATURES.addBook && isAdmin;

  return (
    <>
      <PublishingHero />
      <PublishingServices />
      <HowItWorks />
      <FeaturedBooks />

      {showAddBook && (
        <div className="mx-auto max-w-4xl px-4 pb-16 sm:px-6 lg:px-8">
          <AddBookForm />
        </div>
      )}

      <section id="publishing-form" aria-labelledby="publishing-form-heading" className="scroll-mt-20 bg-white py-16 lg:py-20">
        <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
          <h2 id="publishing-form-heading" className="font-serif text-3xl font-bold text-indigo-950 sm:text-4xl">
            Start Your Publishing Journey
          </h2>
          <p className="mt-2 mb-8 text-slate-600">
            Tell us about your book and what you need. Fields marked{' '}
            <span aria-hidden className="text-red-600">
              *
            </span>
            <span className="sr-only">with an asterisk</span> are required.
          </p>
          <InquiryForm />
        </div>
      </section>

      <section id="submit-manuscript" aria-labelledby="submit-manuscript-heading" className="scroll-mt-20 py-16 lg:py-20">
        <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
          <h2 id="submit-manuscript-heading" className="font-serif text-3xl font-bold text-indigo-950 sm:text-4xl">
            Submit Your Manuscript
          </h2>
          <p className="mt-2 mb-8 text-slate-600">Ready for review? Send us your manuscript and a short synopsis. Every field is required.</p>
          <div className="rounded-xl border border-indigo-100 bg-white p-5 shadow-sm sm:p-8">
            <ManuscriptForm />
          </div>
        </div>
      </section>
    </>
  );
}
