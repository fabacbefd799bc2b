/** Query keys of custom apps: the list, and one app. */
export const customAppKeys = {
  all: ['usecases', 'custom-apps'] as const,
  list: () => [...customAppKeys.all, 'list'] as const,
  one: (id: string) => [...customAppKeys.all, 'one', id] as const,
};
