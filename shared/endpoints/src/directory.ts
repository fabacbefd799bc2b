import {
  directoryGroupsResponseSchema,
  directoryPeopleResponseSchema,
  type DirectoryGroup,
  type DirectoryPerson,
} from '@assistant/contracts';
import { apiClients, keepPreviousData, queryOptions, useQuery } from '@assistant/platform';
import { useEffect, useState } from 'react';

/** The portal's directory: colleagues who signed in and the groups they came with. */
export const directoryKeys = {
  all: ['directory'] as const,
  people: (query: string) => ['directory', 'people', query] as const,
  groups: (query: string) => ['directory', 'groups', query] as const,
};

/** Typing pauses this long before the directory is asked (one request per word, not per key). */
export const DIRECTORY_SEARCH_DELAY_MS = 250;

const withQuery = (path: string, query: string) => `${path}?q=${encodeURIComponent(query)}`;

/** GET /api/directory/people?q=: at most 20 colleagues by name or e-mail. */
export async function searchPeople(query: string, signal?: AbortSignal): Promise<DirectoryPerson[]> {
  return (await apiClients().api.get(withQuery('directory/people', query), directoryPeopleResponseSchema, { signal })).people;
}

/** GET /api/directory/groups?q=: at most 20 groups by name. */
export async function searchGroups(query: string, signal?: AbortSignal): Promise<DirectoryGroup[]> {
  return (await apiClients().api.get(withQuery('directory/groups', query), directoryGroupsResponseSchema, { signal })).groups;
}

// A name searched again while the dialog is open shows at once; the directory changes only at sign-ins.
const DIRECTORY_STALE_MS = 30_000;

export const peopleSearchQuery = (query: string) =>
  queryOptions({ queryKey: directoryKeys.people(query), queryFn: ({ signal }) => searchPeople(query, signal), staleTime: DIRECTORY_STALE_MS });

export const groupsSearchQuery = (query: string) =>
  queryOptions({ queryKey: directoryKeys.groups(query), queryFn: ({ signal }) => searchGroups(query, signal), staleTime: DIRECTORY_STALE_MS });

/** `value` once it has not changed for `delayMs`. */
function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * People and groups matching `text`, asked once typing pauses; nothing is asked for an empty
 * text. While a new word is asked the last results stay (no flicker); `query` is the text the
 * results are for.
 */
export function useDirectorySearch(text: string, delayMs = DIRECTORY_SEARCH_DELAY_MS) {
  const query = useDebounced(text.trim(), delayMs);
  const enabled = query !== '';
  const people = useQuery({ ...peopleSearchQuery(query), enabled, placeholderData: keepPreviousData });
  const groups = useQuery({ ...groupsSearchQuery(query), enabled, placeholderData: keepPreviousData });
  return { query, people, groups };
}
