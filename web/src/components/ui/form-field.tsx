import { clsx } from 'clsx';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { Option } from '@km/contracts/vocabulary';
import { inputClasses } from './field';

export const textareaClasses = clsx(inputClasses, 'h-auto min-h-24 py-2 leading-relaxed');
export const fileInputClasses = clsx(
  'block w-full text-sm text-slate-700',
  'file:mr-3 file:rounded-md file:border-0 file:bg-indigo-900 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-indigo-800',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
);

/**
 * The visible "*" of a required field. Screen readers skip it: the control's own `required` (or
 * `aria-required`) is what they announce.
 */
export function RequiredMark() {
  return (
    <span aria-hidden className="text-red-600">
      {' '}
      *
    </span>
  );
}

export interface FieldControlProps {
  id: string;
  /** Hint and error ids, for the control's aria-describedby. */
  describedBy: string | undefined;
  invalid: boolean;
}

interface FormFieldProps {
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  /**
   * Shown under the control and tied to it by aria-describedby, so it is read when the control takes focus.
   * Forms announce the failure itself once (a toast), and move focus to the first field in error.
   */
  error?: string | null;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, its control (rendered by `children`), a hint and an error, wired together by ids. */
export function FormField({ label, required, hint, error, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={clsx('grid content-start gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required && <RequiredMark />}
      </label>
      {children({ id, describedBy, invalid: !!error })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  label: ReactNode;
  /** A second line under the label. */
  description?: ReactNode;
  /** Marks the box invalid and says why, under the label. */
  error?: string | null;
  className?: string;
}

/** A checkbox with its label beside it; the whole row is clickable. */
export function CheckboxField({ label, description, error, required, className, ...props }: CheckboxFieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('flex items-start gap-2.5', className)}>
      <input
        id={id}
        type="checkbox"
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(
          'mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-800',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
          error && 'outline-2 outline-offset-2 outline-red-600',
        )}
        {...props}
      />
      <div className="grid gap-0.5 text-sm">
        <label htmlFor={id} className="text-slate-800">
          {label}
          {required && <RequiredMark />}
        </label>
        {description && (
          <p id={descriptionId} className="text-xs text-slate-500">
            {description}
          </p>
        )}
        {error && (
          <p id={errorId} className="text-xs font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/** The red ring of a control whose value was refused. */
export const invalidClasses = 'aria-[invalid=true]:border-red-600 aria-[invalid=true]:outline-red-600';

/** `<option>`s of a native select, after an empty placeholder the user must move away from. */
export function SelectOptions({ options, placeholder }: { options: readonly Option[]; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
