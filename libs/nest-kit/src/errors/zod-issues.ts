import type { z } from 'zod';
import { InvalidError } from './app-error';

export interface FieldIssue {
  field: string;
  message: string;
}

export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', message: issue.message }));
}

/** An `invalid` error whose message names every bad field, e.g. "name is required; price: must be a number". */
export function invalidFields(issues: FieldIssue[]): InvalidError {
  const message = issues.map((i) => (i.message.toLowerCase().startsWith(i.field.toLowerCase()) ? i.message : `${i.field}: ${i.message}`)).join('; ');
  return new InvalidError(message, { fields: issues });
}

/** Parses input or throws an `invalid` error whose message names every bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidFields(fieldIssues(result.error));
}
