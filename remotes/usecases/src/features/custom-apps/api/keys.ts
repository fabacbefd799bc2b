/** Query keys of custom apps: the list, one app, and an app's versions. */
export const customAppKeys = {
  all: ['usecases', 'custom-apps'] as const,
  list: () => [...customAppKeys.all, 'list'] as const,
  one: (id: string) => [...customAppKeys.all, 'one', id] as const,
  versions: (id: string) => [...customAppKeys.all, 'versions', id] as const,
  version: (id: string, version: number) => [...customAppKeys.versions(id), version] as const,
};
