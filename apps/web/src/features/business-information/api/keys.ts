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
