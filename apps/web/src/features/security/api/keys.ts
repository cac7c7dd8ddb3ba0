/** Every key starts with the user, so one member's data never shows for another. */
export const securityKeys = {
  sessions: (userName: string) => ['security', userName, 'sessions'] as const,
  passkeys: (userName: string) => ['security', userName, 'passkeys'] as const,
  twoFactor: (userName: string) => ['security', userName, 'two-factor'] as const,
};
