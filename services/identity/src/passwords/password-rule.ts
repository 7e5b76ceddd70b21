import { invalidFields } from '@km/nest-kit';
import { newPasswordLengthProblem, PASSWORD_MESSAGES } from '@km/contracts/vocabulary';
import { dictionary } from '@zxcvbn-ts/language-common';

// zxcvbn-ts's list of common and leaked passwords (about 49,000, from breach corpora), lower-cased once at load so
// the check ignores letter case ("Password1234" is as weak as "password1234").
const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/** Why a new password is refused (the contracts' message), or undefined. Passwords already set are never re-checked. */
export function newPasswordProblem(password: string): string | undefined {
  return newPasswordLengthProblem(password) ?? (COMMON.has(password.toLowerCase()) ? PASSWORD_MESSAGES.common : undefined);
}

/** Throws `invalid` naming the field when a new password breaks the rule. */
export function assertNewPassword(password: string, field: string): void {
  const problem = newPasswordProblem(password);
  if (problem) throw invalidFields([{ field, message: problem }]);
}
