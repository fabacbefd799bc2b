import type { Conversation } from '@assistant/contracts';

/** Lower case without accents, so "cafe" finds "Café" and "uber" finds "Über". */
function fold(text: string, language: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(language);
}

/** The conversations whose name holds every word of `query` (any order); all of them for a blank query. */
export function filterConversations(conversations: Conversation[], query: string, language = 'en'): Conversation[] {
  const words = fold(query, language).split(/\s+/).filter(Boolean);
  if (words.length === 0) return conversations;
  return conversations.filter((conversation) => {
    const name = fold(conversation.name, language);
    return words.every((word) => name.includes(word));
  });
}
