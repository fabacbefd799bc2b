import type { CollectionFile } from '@assistant/contracts';

/**
 * How buttons and announcements name a file: its name, with the version when another version of
 * the same name is listed too ("report.pdf (v2)"), so every button's name is unique.
 */
export function fileLabel(file: Pick<CollectionFile, 'fileId' | 'name' | 'version'>, files: readonly Pick<CollectionFile, 'fileId' | 'name'>[]): string {
  const twin = files.some((other) => other.fileId !== file.fileId && other.name === file.name);
  return twin ? `${file.name} (v${file.version})` : file.name;
}
