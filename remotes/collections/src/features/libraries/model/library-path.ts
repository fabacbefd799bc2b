/** A connection's own page, from a tab of the collections screen (`/collections/personal`). */
export function libraryPagePath(libraryId: string, options: { chooseFolders?: boolean } = {}): string {
  return `../libraries/${encodeURIComponent(libraryId)}${options.chooseFolders ? `?${CHOOSE_FOLDERS_PARAM}=1` : ''}`;
}

/** Opens the folder browser on arrival (right after connecting). */
export const CHOOSE_FOLDERS_PARAM = 'choose-folders';
