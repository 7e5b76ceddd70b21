import { useEffect } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { useMe } from '../api/get-me';
import { sessionChecked } from '../auth-slice';

/**
 * The persisted user only bridges the moment before the server answers; the session cookie is the truth,
 * so the stored user follows whatever /api/auth/me says. A failed lookup leaves it untouched.
 */
export function AuthSessionSync() {
  const dispatch = useAppDispatch();
  const { data, isSuccess } = useMe();

  useEffect(() => {
    if (isSuccess) dispatch(sessionChecked(data));
  }, [dispatch, data, isSuccess]);

  return null;
}
