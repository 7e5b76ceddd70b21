export const IdentityEvents = {
  userRegistered: 'identity.user.registered',
} as const;

export interface UserRegisteredEvent {
  userId: string;
  username: string;
  isAdmin: boolean;
}

/** What each identity event carries; `recordEvent` and `EventConsumer` read their types from here. */
export interface IdentityEventMap {
  [IdentityEvents.userRegistered]: UserRegisteredEvent;
}
