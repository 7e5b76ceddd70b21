import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The signed-in user as the browser keeps it: never a password. */
export interface AuthUser {
  id: string;
  username: string;
  email?: string | null;
  isAdmin: boolean;
  /** Staff short of admin (ADR 0043): the prayer team sees only the prayer area of /admin. */
  isPrayerTeam?: boolean;
}

export interface AuthState {
  user: AuthUser | null;
}

export const AUTH_STORAGE_KEY = 'auth-storage';

const initialState: AuthState = { user: null };

// Copies only the known fields, so nothing else the server sends (or a tampered store) is kept.
export function toAuthUser(value: unknown): AuthUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, username, email, isAdmin, roles } = value as Record<string, unknown>;
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof username !== 'string') return null;
  return {
    id: String(id),
    username,
    ...(typeof email === 'string' ? { email } : {}),
    isAdmin: isAdmin === true,
    ...(Array.isArray(roles) && roles.includes('prayer_team') ? { isPrayerTeam: true } : {}),
  };
}

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    userSignedIn(state, action: PayloadAction<AuthUser>) {
      state.user = toAuthUser(action.payload);
    },
    userSignedOut(state) {
      state.user = null;
    },
    /** The server's answer to "who am I" on arrival; null when there is no session. */
    sessionChecked(state, action: PayloadAction<AuthUser | null>) {
      state.user = toAuthUser(action.payload);
    },
  },
  selectors: {
    selectUser: (state) => state.user,
    selectIsAdmin: (state) => state.user?.isAdmin === true,
  },
});

export const { userSignedIn, userSignedOut, sessionChecked } = authSlice.actions;
export const { selectUser, selectIsAdmin } = authSlice.selectors;

export function toPersistedAuth(state: AuthState): AuthState {
  return { user: state.user };
}

export function fromPersistedAuth(value: unknown): AuthState {
  if (typeof value !== 'object' || value === null) return initialState;
  return { user: toAuthUser((value as Partial<AuthState>).user) };
}
