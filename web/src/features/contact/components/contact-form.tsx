import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { CheckboxField, FormField, SelectOptions, textareaClasses } from '@/components/ui/form-field';
import { useSendContactMessage } from '../api/send-contact-message';
import { CONTACT_SUBJECT_OPTIONS, HOW_HEARD_ABOUT_US_OPTIONS } from '@km/contracts/vocabulary';
import { EMPTY_CONTACT_FORM, toContactMessagePayload, type ContactFormValues } from '../contact-message';

/** The "Contact Us" tab. The browser validates it (spec §5): required fields, email type, the privacy box. */
export function ContactForm() {
  const [values, setValues] = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const send = useSendContactMessage();

  const set = <K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const text = (key: 'firstName' | 'lastName' | 'email' | 'phone' | 'message') => ({
    name: key,
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send.mutate(toContactMessagePayload(values), {
      onSuccess: () => {
        setValues(EMPTY_CONTACT_FORM);
        toast({
          title: 'Message sent successfully',
          description: "Thank you for reaching out. We'll reply within 24 hours on business days.",
          variant: 'success',
        });
      },
      onError: () => {
        toast({
          title: 'Failed to send message',
          description: 'Please try again or contact us directly by phone.',
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} aria-label="Contact us" className="grid gap-4 sm:grid-cols-2">
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
      <FormField label="Subject" required>
        {({ id }) => (
          <select
            id={id}
            name="subject"
            required
            value={values.subject}
            onChange={(event) => set('subject', event.currentTarget.value as ContactFormValues['subject'])}
            className={inputClasses}
          >
            <SelectOptions options={CONTACT_SUBJECT_OPTIONS} placeholder="Select a subject" />
          </select>
        )}
      </FormField>
      <FormField label="How did you hear about us?">
        {({ id }) => (
          <select
            id={id}
            name="howHeardAboutUs"
            value={values.howHeardAboutUs}
            onChange={(event) => set('howHeardAboutUs', event.currentTarget.value as ContactFormValues['howHeardAboutUs'])}
            className={inputClasses}
          >
            <SelectOptions options={HOW_HEARD_ABOUT_US_OPTIONS} placeholder="Select an option" />
          </select>
        )}
      </FormField>
      <FormField label="Message" required className="sm:col-span-2">
        {({ id }) => <textarea id={id} {...text('message')} required rows={6} maxLength={5000} className={textareaClasses} />}
      </FormField>

      <div className="grid gap-3 sm:col-span-2">
        <CheckboxField
          name="wantsNewsletter"
          checked={values.wantsNewsletter}
          onChange={(event) => set('wantsNewsletter', event.currentTarget.checked)}
          label="Send me the newsletter: encouragement, new products and new episodes."
        />
        <CheckboxField
          name="privacyAccepted"
          required
          checked={values.privacyAccepted}
          onChange={(event) => set('privacyAccepted', event.currentTarget.checked)}
          label={
            <>
              I agree to the{' '}
              <a href="/privacy" target="_blank" rel="noopener" className="font-medium text-indigo-800 underline underline-offset-2">
                privacy policy<span className="sr-only"> (opens in a new tab)</span>
              </a>{' '}
              and to being contacted about my message.
            </>
          }
        />
      </div>

      <div className="grid gap-3 sm:col-span-2">
        <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto sm:justify-self-start">
          <Send className="size-4" aria-hidden />
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
        <p className="text-sm text-slate-600">We reply within 24 hours on business days.</p>
      </div>
    </form>
  );
}
