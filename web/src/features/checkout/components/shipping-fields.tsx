import { clsx } from 'clsx';
import type { Ref } from 'react';
import { inputClasses } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { COUNTRIES } from '../countries';
import type { ShippingFormValues } from '../order-payload';

type TextKey = Exclude<keyof ShippingFormValues, 'country'>;

interface TextFieldSpec {
  key: TextKey;
  label: string;
  required: boolean;
  autoComplete: string;
  type?: 'email' | 'tel';
  maxLength: number;
  wide?: boolean;
}

const TEXT_FIELDS: readonly TextFieldSpec[] = [
  { key: 'firstName', label: 'First name', required: true, autoComplete: 'shipping given-name', maxLength: 100 },
  { key: 'lastName', label: 'Last name', required: true, autoComplete: 'shipping family-name', maxLength: 100 },
  { key: 'email', label: 'Email', required: true, autoComplete: 'email', type: 'email', maxLength: 254 },
  { key: 'phone', label: 'Phone', required: false, autoComplete: 'shipping tel', type: 'tel', maxLength: 40 },
  { key: 'address', label: 'Street address', required: true, autoComplete: 'shipping address-line1', maxLength: 200, wide: true },
  { key: 'city', label: 'City', required: true, autoComplete: 'shipping address-level2', maxLength: 100 },
  { key: 'state', label: 'State', required: true, autoComplete: 'shipping address-level1', maxLength: 100 },
  { key: 'zipCode', label: 'ZIP code', required: true, autoComplete: 'shipping postal-code', maxLength: 20 },
];

interface ShippingFieldsProps {
  values: ShippingFormValues;
  onChange: <K extends keyof ShippingFormValues>(key: K, value: ShippingFormValues[K]) => void;
  disabled?: boolean;
  fieldsetRef?: Ref<HTMLFieldSetElement>;
}

/** Spec §2's shipping form; the browser validates it (required fields, email type), spec §5 adds no format rules. */
export function ShippingFields({ values, onChange, disabled, fieldsetRef }: ShippingFieldsProps) {
  return (
    <fieldset ref={fieldsetRef} disabled={disabled} className="min-w-0">
      <legend className="font-serif text-xl font-bold text-indigo-950">Shipping Information</legend>
      <p className="mt-1 text-sm text-slate-600">
        Fields marked{' '}
        <span aria-hidden className="text-red-600">
          *
        </span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map((field) => (
          <FormField key={field.key} label={field.label} required={field.required} className={clsx(field.wide && 'sm:col-span-2')}>
            {({ id }) => (
              <input
                id={id}
                name={field.key}
                type={field.type ?? 'text'}
                required={field.required}
                autoComplete={field.autoComplete}
                maxLength={field.maxLength}
                value={values[field.key]}
                onChange={(event) => onChange(field.key, event.currentTarget.value)}
                className={inputClasses}
              />
            )}
          </FormField>
        ))}
        <FormField label="Country" required>
          {({ id }) => (
            <select
              id={id}
              name="country"
              required
              autoComplete="shipping country"
              value={values.country}
              onChange={(event) => onChange('country', event.currentTarget.value)}
              className={inputClasses}
            >
              {COUNTRIES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
    </fieldset>
  );
}

/** The labels of the fields still missing or invalid, for the hint beside the purchase button. */
export function incompleteFields(fieldset: HTMLFieldSetElement | null): string[] {
  if (!fieldset) return [];
  return Array.from(fieldset.elements)
    .filter((el): el is HTMLInputElement | HTMLSelectElement => el instanceof HTMLInputElement || el instanceof HTMLSelectElement)
    .filter((el) => !el.disabled && !el.validity.valid)
    .map((el) => (el.labels?.[0]?.textContent ?? el.name).replace(/\s*\*\s*$/, '').trim());
}
