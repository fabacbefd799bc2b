import type { Prompt } from '@assistant/contracts';

/** The longest text after "/" still read as a search for a prompt (longer: a message that starts with "/"). */
const QUERY_MAX_LENGTH = 80;

/**
 * What the user searches the prompts for while the message box holds "/" and one line after it
 * (`/mail` → `mail`); null for any other text (the picker is closed).
 */
export function slashQuery(text: string): string | null {
  if (!text.startsWith('/') || text.includes('\n') || text.length > QUERY_MAX_LENGTH + 1) return null;
  return text.slice(1);
}

/** Lower case without accents, so "ubersetzen" finds "Übersetzen". */
function fold(text: string, language: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(language);
}

/** The prompts whose title or text holds every word of `query` (any order), titles matching first; all for a blank query. */
export function filterPrompts(prompts: readonly Prompt[], query: string, language = 'en'): Prompt[] {
  const words = fold(query, language).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...prompts];
  const inTitle: Prompt[] = [];
  const inText: Prompt[] = [];
  for (const prompt of prompts) {
    const title = fold(prompt.title, language);
    const both = `${title} ${fold(prompt.text, language)}`;
    if (words.every((word) => title.includes(word))) inTitle.push(prompt);
    else if (words.every((word) => both.includes(word))) inText.push(prompt);
  }
  return [...inTitle, ...inText];
}
