import type { LibraryBinding, LibrarySyncProgress } from '@assistant/contracts';

/** Share of the work done, 0 to 100: by bytes when the library reported sizes, else by files. */
export function progressPercent(progress: LibrarySyncProgress): number {
  const handled = progress.files_done + progress.files_skipped + progress.files_failed;
  const share =
    progress.bytes_total > 0
      ? progress.bytes_done / progress.bytes_total
      : progress.files_total > 0
        ? handled / progress.files_total
        : 1;
  return Math.min(100, Math.max(0, Math.round(share * 100)));
}

/** Whether some binding is syncing: its list is then asked again until none is. */
export const anySyncing = (bindings: readonly LibraryBinding[] | undefined): boolean =>
  bindings?.some((binding) => binding.state === 'syncing') ?? false;
