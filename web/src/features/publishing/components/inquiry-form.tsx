import { Send } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { FormField, SelectOptions, textareaClasses } from '@/components/ui/form-field';
import {
  PUBLISHING_BUDGET_OPTIONS,
  GENRE_OPTIONS,
  PUBLISHING_HEAR_ABOUT_US_OPTIONS,
  MANUSCRIPT_STATUS_OPTIONS,
  PUBLISHING_SERVICE_OPTIONS,
  PUBLISHING_TIMELINE_OPTIONS,
  type PublishingService,
} from '@km/contracts/vocabulary';
import { useSubmitPublishingInquiry } from '../api/submit-publishing-inquiry';
import { EMPTY_INQUIRY_FORM, toPublishingInquiryPayload, WORD_COUNT_PATTERN, type InquiryFormValues } from '../publishing-inquiry';

type TextKey = 'firstName' | 'lastName' | 'email' | 'phone' | 'bookTitle' | 'wordCount' | 'bookDescription' | 'publishingGoals';
type SelectKey = 'genre' | 'manuscriptStatus' | 'timeline' | 'budget' | 'hearAboutUs';

/** The publishing inquiry (spec §2, §3, §5); the browser checks the required fields. */
export function InquiryForm() {
  const [values, setValues] = useState<InquiryFormValues>(EMPTY_INQUIRY_FORM);
  const submit = useSubmitPublishingInquiry();

  const set = <K extends keyof InquiryFormValues>(key: K, value: InquiryFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const text = (key: TextKey) => ({
    name: key,
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });
  const choice = (key: SelectKey) => ({
    name: key,
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value as InquiryFormValues[SelectKey]),
  });

  function toggleService(service: PublishingService, checked: boolean) {
    setValues((current) => ({
      ...current,
      servicesNeeded: checked ? [...current.servicesNeeded, service] : current.servicesNeeded.filter((s) => s !== service),
    }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit.mutate(toPublishingInquiryPayload(values), {
      onSuccess: () => {
        setValues(EMPTY_INQUIRY_FORM);
        toast({
          title: 'Inquiry submitted successfully',
          description: "Thank you! We'll get back to you within 24-48 hours.",
          variant: 'success',
        });
      },
      onError: () => {
        toast({
          title: 'Failed to submit inquiry',
          description: 'Please try again or contact us directly.',
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} aria-labelledby="publishing-form-heading" className="grid gap-8">
      <Group title="About you">
        <FormField label="First name" required>
          {({ id }) => <input id={id} {...text('firstName')} required autoComplete="given-name" maxLength={100} className={inputClasses} />}
        </FormField>
        <FormField label="Last name" required>
          {({ id }) => <input id={id} {...text('lastName')} required autoComplete="family-name" maxLength={100} className={inputClasses} />}
        </FormField>
        <FormField label="Email" required>
          {({ id }) => <input id={id} {...text('email')} type="email" required autoComplete="email" maxLength={254} className={inputClasses} />}
        </FormField>
        <FormField label="Phone">
          {({ id }) => <input id={id} {...text('phone')} type="tel" autoComplete="tel" maxLength={40} className={inputClasses} />}
        </FormField>
      </Group>

      <Group title="About your book">
        <FormField label="Book title" required className="sm:col-span-2">
          {({ id }) => <input id={id} {...text('bookTitle')} required maxLength={200} className={inputClasses} />}
        </FormField>
        <FormField label="Genre" required>
          {({ id }) => (
            <select id={id} {...choice('genre')} required className={inputClasses}>
              <SelectOptions options={GENRE_OPTIONS} placeholder="Select a genre" />
            </select>
          )}
        </FormField>
        <FormField label="Manuscript status" required>
          {({ id }) => (
            <select id={id} {...choice('manuscriptStatus')} required className={inputClasses}>
              <SelectOptions options={MANUSCRIPT_STATUS_OPTIONS} placeholder="Where is your manuscript?" />
            </select>
          )}
        </FormField>
        <FormField label="Word count" hint="An estimate is fine, e.g. 45,000.">
          {({ id, describedBy }) => (
            <input
              id={id}
              {...text('wordCount')}
              inputMode="numeric"
              pattern={WORD_COUNT_PATTERN}
              title="A whole number, e.g. 45000 or 45,000"
              aria-describedby={describedBy}
              maxLength={12}
              className={inputClasses}
            />
          )}
        </FormField>
        <fieldset className="grid content-start gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-slate-800">Have you published a book before?</legend>
          <div className="flex h-10 items-center gap-6">
            {[
              { label: 'Yes', value: true },
              { label: 'No', value: false },
            ].map((option) => (
              <label key={option.label} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="previouslyPublished"
                  checked={values.previouslyPublished === option.value}
                  onChange={() => set('previouslyPublished', option.value)}
                  className="size-4 accent-indigo-800"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        <FormField label="Book description" required className="sm:col-span-2" hint="What is your book about, and who is it for?">
          {({ id, describedBy }) => (
            <textarea id={id} {...text('bookDescription')} required rows={5} maxLength={5000} aria-describedby={describedBy} className={textareaClasses} />
          )}
        </FormField>
      </Group>

      <Group title="How we can help">
        <fieldset className="grid gap-2 sm:col-span-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-800">Services needed</legend>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {PUBLISHING_SERVICE_OPTIONS.map((service) => (
              <label key={service.value} className="flex items-center gap-2.5 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="servicesNeeded"
                  value={service.value}
                  checked={values.servicesNeeded.includes(service.value)}
                  onChange={(event) => toggleService(service.value, event.currentTarget.checked)}
                  className="size-4 accent-indigo-800"
                />
                {service.label}
              </label>
            ))}
          </div>
        </fieldset>
        <FormField label="Publishing goals" required className="sm:col-span-2" hint="What would you like your book to accomplish?">
          {({ id, describedBy }) => (
            <textarea id={id} {...text('publishingGoals')} required rows={4} maxLength={5000} aria-describedby={describedBy} className={textareaClasses} />
          )}
        </FormField>
        <FormField label="Timeline">
          {({ id }) => (
            <select id={id} {...choice('timeline')} className={inputClasses}>
              <SelectOptions options={PUBLISHING_TIMELINE_OPTIONS} placeholder="When would you like to publish?" />
            </select>
          )}
        </FormField>
        <FormField label="Budget">
          {({ id }) => (
            <select id={id} {...choice('budget')} className={inputClasses}>
              <SelectOptions options={PUBLISHING_BUDGET_OPTIONS} placeholder="Select a budget range" />
            </select>
          )}
        </FormField>
        <FormField label="How did you hear about us?" className="sm:col-span-2">
          {({ id }) => (
            <select id={id} {...choice('hearAboutUs')} className={inputClasses}>
              <SelectOptions options={PUBLISHING_HEAR_ABOUT_US_OPTIONS} placeholder="Select an option" />
            </select>
          )}
        </FormField>
      </Group>

      <div className="grid gap-3">
        <Button type="submit" size="lg" disabled={submit.isPending} className="w-full sm:w-auto sm:justify-self-start">
          <Send className="size-4" aria-hidden />
          {submit.isPending ? 'Submitting...' : 'Submit Inquiry'}
        </Button>
        <p className="text-sm text-slate-600">We answer every inquiry within 24-48 hours.</p>
      </div>
    </form>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 w-full border-b border-indigo-100 pb-2 font-serif text-xl font-bold text-indigo-950">{title}</legend>
      {children}
    </fieldset>
  );
}
