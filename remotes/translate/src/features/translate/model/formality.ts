import type { MachineTranslation } from '@assistant/contracts';

/**
 * Which engines take a formality. The resources list does not say, so the screen knows: DeepL does
 * (the server passes it through), for the target languages DeepL documents formality for.
 * Other engines (language models, LibreTranslate) get no formality choice.
 */
const DEEPL_FORMALITY_LANGUAGES = new Set(['de', 'fr', 'it', 'es', 'nl', 'pl', 'pt', 'ja', 'ru']);

export function offersFormality(engine: MachineTranslation, target: string | null): boolean {
  if (!target || engine.type.toLowerCase() !== 'deepl') return false;
  return DEEPL_FORMALITY_LANGUAGES.has(target.toLowerCase().split('-')[0]!);
}
