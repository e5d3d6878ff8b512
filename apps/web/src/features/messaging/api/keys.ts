/** Query-key factories for personas (the spec's `persons`) and the prospects loaded into them. */
export const personaKeys = {
  all: ['personas'] as const,
  lists: () => [...personaKeys.all, 'list'] as const,
  list: (params: { page: number; per_page: number }) => [...personaKeys.lists(), params] as const,
  loadedProspects: (id: number) => [...personaKeys.all, id, 'loaded-prospects'] as const,
};

export const prospectKeys = {
  all: ['prospects'] as const,
  byLinkedInUrl: (profileUrl: string) => [...prospectKeys.all, 'by-linkedin-url', profileUrl] as const,
};

/** Messaging settings (one per persona, plus the account's default), offerings, follow-up settings. */
export const messagingKeys = {
  all: ['messaging-settings'] as const,
  list: () => [...messagingKeys.all, 'list'] as const,
  detail: (id: number) => [...messagingKeys.all, 'detail', id] as const,
};

export const offeringKeys = {
  all: ['offerings'] as const,
  list: () => [...offeringKeys.all, 'list'] as const,
};

export const followupKeys = {
  all: ['followup-settings'] as const,
};

/** Message instructions by categories: one instruction per account and category. */
export const messageInstructionKeys = {
  all: ['message-instructions'] as const,
  list: () => [...messageInstructionKeys.all, 'list'] as const,
};
