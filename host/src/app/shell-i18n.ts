import { addNamespace } from '@assistant/platform';
import de from '../locales/de.json';
import en from '../locales/en.json';

/** The shell's own texts (navigation, pages of the shell); remotes bring their own namespaces. */
export const SHELL_NAMESPACE = 'shell';

export function addShellTexts(): void {
  addNamespace(SHELL_NAMESPACE, { de, en });
}
