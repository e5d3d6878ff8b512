/** Query-key factory for the user's connected LinkedIn accounts. */
export const linkedInAccountKeys = {
  all: ['linkedin-accounts'] as const,
  list: () => [...linkedInAccountKeys.all, 'list'] as const,
};
