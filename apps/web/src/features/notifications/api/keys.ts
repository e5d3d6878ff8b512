/** Query-key factories: the account's notification rules and the user's in-app notifications. */
export const ruleKeys = {
  all: ['campaign-notifications'] as const,
  list: () => [...ruleKeys.all, 'list'] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (params: { page: number; unread: boolean }) => [...notificationKeys.all, 'list', params] as const,
};
