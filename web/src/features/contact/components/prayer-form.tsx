import { HandHeart, Phone } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { CheckboxField, FormField, invalidClasses, SelectOptions, textareaClasses } from '@/components/ui/form-field';
import { CONTACT_PHONE } from '@/config/contact';
import { PRAYER_NAME_DISPLAY_OPTIONS, PRAYER_REQUEST_TYPE_OPTIONS, PREFERRED_CONTACT_OPTIONS } from '@km/contracts/vocabulary';
import { useSubmitPrayerRequest } from '../api/submit-prayer-request';
import {
  EMPTY_PRAYER_FORM,
  phoneRequired,
  PRAYER_VALIDATION_MESSAGES,
  toPrayerRequestPayload,
  validatePrayerRequest,
  type PrayerFormValues,
  type PrayerRequiredField,
} from '../prayer-request';

type ErrorKey = PrayerRequiredField | 'confidentialityAccepted';

const FIELD_ERRORS: Record<Exclude<ErrorKey, 'confidentialityAccepted'>, string> = {
  firstName: 'Please enter your first name.',
  email: 'Please enter your email address.',
  phone: 'Please enter a phone number so we can call or text you back.',
  requestType: 'Please choose a request type.',
  prayerRequest: 'Please share your prayer request.',
};

const inputInvalid = `${inputClasses} ${invalidClasses}`;

/**
 * The "Prayer Request" tab. Native validation is off (spec §5): validatePrayerRequest decides, a toast says
 * what is wrong, the fields in question are marked and the first of them takes focus.
 */
export function PrayerForm() {
  const [values, setValues] = useState<PrayerFormValues>(EMPTY_PRAYER_FORM);
  const [errors, setErrors] = useState<Partial<Record<ErrorKey, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmitPrayerRequest();

  function set<K extends keyof PrayerFormValues>(key: K, value: PrayerFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in errors) {
      setErrors((current) => {
        const next = { ...current };
        delete next[key as ErrorKey];
        return next;
      });
    }
  }
  const text = (key: 'firstName' | 'lastName' | 'email' | 'phone' | 'prayerRequest') => ({
    name: key,
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });

  function showProblem(found: Partial<Record<ErrorKey, string>>, message: { title: string; description: string }) {
    setErrors(found);
    toast({ ...message, variant: 'destructive' });
    const first = Object.keys(found)[0];
    // Fields are named after their keys; focus follows the order the form shows them in.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submit.isPending) return;
    const check = validatePrayerRequest(values);
    if (!check.ok) {
      if (check.reason === 'missingFields') {
        showProblem(Object.fromEntries(check.fields.map((field) => [field, FIELD_ERRORS[field]])), PRAYER_VALIDATION_MESSAGES.missingFields);
      } else if (check.reason === 'invalidEmail') {
        showProblem({ email: 'Please enter a valid email address.' }, PRAYER_VALIDATION_MESSAGES.invalidEmail);
      } else {
        showProblem({ confidentialityAccepted: 'Please accept the privacy policy to continue.' }, PRAYER_VALIDATION_MESSAGES.confidentiality);
      }
      return;
    }

    submit.mutate(toPrayerRequestPayload(values), {
      onSuccess: () => {
        // Every choice clears with the text: selects and checkboxes included (spec §2).
        setValues(EMPTY_PRAYER_FORM);
        setErrors({});
        toast({
          title: 'Prayer request submitted',
          description: 'Our prayer team will be lifting you up in prayer.',
          variant: 'success',
        });
      },
      onError: () => {
        // The request is kept so nothing typed is lost; the person can try again.
        toast({
          title: 'Failed to submit prayer request',
          description: 'Please try again or contact us directly.',
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label="Prayer request" className="grid gap-4 sm:grid-cols-2">
      <FormField label="First name" required error={errors.firstName}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            {...text('firstName')}
            required
            aria-invalid={invalid}
            aria-describedby={describedBy}
            autoComplete="given-name"
            maxLength={100}
            className={inputInvalid}
          />
        )}
      </FormField>
      <FormField label="Last name">
        {({ id }) => <input id={id} {...text('lastName')} autoComplete="family-name" maxLength={100} className={inputClasses} />}
      </FormField>
      <FormField label="Email" required error={errors.email}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            {...text('email')}
            type="email"
            required
            aria-invalid={invalid}
            aria-describedby={describedBy}
            autoComplete="email"
            maxLength={254}
            className={inputInvalid}
          />
        )}
      </FormField>
      <FormField
        label="Phone"
        required={phoneRequired(values)}
        hint={phoneRequired(values) ? 'Needed for a call or text back.' : undefined}
        error={errors.phone}
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            {...text('phone')}
            type="tel"
            required={phoneRequired(values)}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            autoComplete="tel"
            maxLength={40}
            className={inputInvalid}
          />
        )}
      </FormField>
      <FormField label="Request type" required error={errors.requestType}>
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            name="requestType"
            required
            aria-invalid={invalid}
            aria-describedby={describedBy}
            value={values.requestType}
            onChange={(event) => set('requestType', event.currentTarget.value as PrayerFormValues['requestType'])}
            className={inputInvalid}
          >
            <SelectOptions options={PRAYER_REQUEST_TYPE_OPTIONS} placeholder="Select a request type" />
          </select>
        )}
      </FormField>
      <FormField label="Preferred contact">
        {({ id }) => (
          <select
            id={id}
            name="preferredContact"
            value={values.preferredContact}
            onChange={(event) => set('preferredContact', event.currentTarget.value as PrayerFormValues['preferredContact'])}
            className={inputClasses}
          >
            <SelectOptions options={PREFERRED_CONTACT_OPTIONS} placeholder="How may we follow up?" />
          </select>
        )}
      </FormField>
      <FormField label="Prayer request" required error={errors.prayerRequest} className="sm:col-span-2">
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            {...text('prayerRequest')}
            required
            rows={6}
            maxLength={5000}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            placeholder="Share what you would like us to pray about."
            className={`${textareaClasses} ${invalidClasses}`}
          />
        )}
      </FormField>

      <div className="grid gap-3 sm:col-span-2">
        <CheckboxField
          name="isUrgent"
          checked={values.isUrgent}
          onChange={(event) => set('isUrgent', event.currentTarget.checked)}
          label="This is an urgent request"
        />
        <CheckboxField
          name="allowSharing"
          checked={values.allowSharing}
          onChange={(event) => set('allowSharing', event.currentTarget.checked)}
          label="Share my request anonymously with the prayer team"
          description="Once a moderator approves it, it may also appear on our public prayer wall. Your last name and contact details are never shared."
        />
        {values.allowSharing && (
          <fieldset className="ml-7 grid gap-2">
            <legend className="mb-1 text-sm font-medium">On the prayer wall, show my name as</legend>
            {PRAYER_NAME_DISPLAY_OPTIONS.map((option) => (
              <label key={option.value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="shareNameAs"
                  value={option.value}
                  checked={values.shareNameAs === option.value}
                  onChange={() => set('shareNameAs', option.value)}
                  className="size-4 accent-primary"
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        )}
        <CheckboxField
          name="confidentialityAccepted"
          required
          error={errors.confidentialityAccepted}
          checked={values.confidentialityAccepted}
          onChange={(event) => set('confidentialityAccepted', event.currentTarget.checked)}
          label="I accept the privacy policy: my request is kept confidential and used only to pray for me and follow up."
        />
      </div>

      <div className="grid gap-3 sm:col-span-2">
        <Button type="submit" size="lg" disabled={submit.isPending} className="w-full sm:w-auto sm:justify-self-start">
          <HandHeart className="size-4" aria-hidden />
          {submit.isPending ? 'Submitting Prayer...' : 'Submit Prayer Request'}
        </Button>
        <p className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Phone className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            For urgent needs, please call us at{' '}
            <a href={`tel:${CONTACT_PHONE.dial}`} className="font-semibold whitespace-nowrap underline underline-offset-2">
              {CONTACT_PHONE.display}
            </a>
            .
          </span>
        </p>
      </div>
    </form>
  );
}
