export const IdentitySubjects = {
  verifyCredentials: 'identity.credentials.verify',
  register: 'identity.users.register',
  createSession: 'identity.sessions.create',
  resolveSession: 'identity.sessions.resolve',
  revokeSession: 'identity.sessions.revoke',
} as const;
