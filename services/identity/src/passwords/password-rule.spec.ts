import { PASSWORD_MESSAGES } from '@km/contracts/vocabulary';
import { AppError } from '@km/nest-kit';
import assert from 'node:assert/strict';
import { assertNewPassword, newPasswordProblem } from './password-rule';

test('a new password of 11 characters is too short, one of 12 that is not common is accepted', () => {
  assert.equal(newPasswordProblem('river-stone'), PASSWORD_MESSAGES.tooShort);
  assert.equal(newPasswordProblem('river-stone7'), undefined);
});

test('a password from the shipped common-password list is refused whatever its letter case', () => {
  for (const password of ['password1234', 'PASSWORD1234', 'QwErTy123456', '1qaz2wsx3edc']) assert.equal(newPasswordProblem(password), PASSWORD_MESSAGES.common);
});

test('a password over 256 characters is refused with the length message', () => {
  assert.equal(newPasswordProblem('x'.repeat(257)), PASSWORD_MESSAGES.tooLong);
});

test('assertNewPassword throws invalid with the field and the message in details.fields', () => {
  assert.throws(
    () => assertNewPassword('password1234', 'newPassword'),
    (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.code, 'invalid');
      assert.equal(error.message, `newPassword: ${PASSWORD_MESSAGES.common}`);
      assert.deepEqual(error.details, { fields: [{ field: 'newPassword', message: PASSWORD_MESSAGES.common }] });
      return true;
    },
  );
});
