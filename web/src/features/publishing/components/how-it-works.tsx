const STEPS = [
  { title: 'Share your vision', text: 'Tell us about your book and goals with the inquiry form below.' },
  {
    title: 'Free consultation',
    text: 'We reply within 24-48 hours and talk through the services, timeline and budget that fit.',
  },
  { title: 'Create together', text: 'Our editors and designers polish your manuscript and craft your cover and interior.' },
  { title: 'Publish & share', text: 'We publish, distribute and help you reach the readers your message is for.' },
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="bg-white py-16 lg:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="how-heading" className="text-center font-serif text-3xl font-bold text-indigo-950 sm:text-4xl">
          How It Works
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-xl border border-indigo-100 bg-stone-50 p-5 md:block md:p-6">
              <span aria-hidden className="grid size-10 shrink-0 place-items-center rounded-full bg-indigo-900 font-serif text-lg font-bold text-amber-300">
                {index + 1}
              </span>
              <div>
                <h3 className="text-lg font-bold text-indigo-950 md:mt-4">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-1 text-sm text-slate-600 md:mt-1.5">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
