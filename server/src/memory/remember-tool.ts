import { MEMORY_MAX_PER_USER, REMEMBER_TOOL_NAME, memoryTextSchema, type ToolContent } from '@assistant/contracts';
import { ToolError, type Tool } from '../tools/tool';
import type { MemoriesRepository } from './memories-repository';

export const MEMORY_FULL = `The memory is full (${MEMORY_MAX_PER_USER} facts); the user can delete some on the memory page.`;
export const NOT_THE_USERS_WORDS = "Only what the user said can be remembered: pass the fact in the user's own words.";

/**
 * Whether every longer word of `fact` is one the user wrote (the same first four letters, so "works"
 * matches "work" and "arbeitet" matches "arbeite"): the model may shorten and reorder what the user
 * said, never add to it.
 */
export function inUsersWords(fact: string, message: string): boolean {
  const stems = (text: string) => text.toLocaleLowerCase('de').match(/[\p{L}\p{N}]+/gu) ?? [];
  const said = new Set(stems(message).map((word) => word.slice(0, 4)));
  return stems(fact)
    .filter((word) => word.length >= 4)
    .every((word) => said.has(word.slice(0, 4)));
}

/** What a saved (or already remembered) fact shows in the answer's "Memory updated" step. */
export function rememberedContent(text: string): ToolContent[] {
  return [{ type: 'text', text, source_index: 0 }];
}

/**
 * `remember`: the model saves a fact the user asked it to remember (docs/memory.md), when the
 * request was less explicit than the phrases `rememberRequest` knows. The text must be in the
 * words of the user's message (`inUsersWords`); a fact remembered already is not stored twice.
 */
export function rememberTool(deps: { memories: MemoriesRepository; message: string }): Tool {
  return {
    name: REMEMBER_TOOL_NAME,
    description:
      "Saves a fact about the user for their later conversations. Call it only when the user asks you to remember something about them; pass that fact in the user's own words. Never save anything the user did not ask you to remember.",
    parameters: {
      type: 'object',
      properties: { text: { type: 'string', description: "The fact in the user's own words, one sentence, at most 300 characters." } },
      required: ['text'],
      additionalProperties: false,
    },
    async run(args, ctx) {
      const parsed = memoryTextSchema.safeParse((args as { text?: unknown } | undefined)?.text);
      if (!parsed.success) throw new ToolError('Remembering needs the fact as text of at most 300 characters.');
      const text = parsed.data;
      if (!inUsersWords(text, deps.message)) throw new ToolError(NOT_THE_USERS_WORDS);
      const added = await deps.memories.add(ctx.owner, text, 'chat');
      if (added === 'tooMany') throw new ToolError(MEMORY_FULL);
      return { content: rememberedContent(text), modelText: added === 'duplicate' ? 'This was remembered already.' : 'Saved.' };
    },
  };
}
