export const IdentityEvents = {
  userRegistered: 'identity.user.registered',
} as const;

export interface UserRegisteredEvent {
  userId: string;
  username: string;
  isAdmin: boolean;
}
