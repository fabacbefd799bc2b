import { z } from 'zod';
import { ToolError, type Tool } from '../tool';

export const WEB_SEARCH_TOOL = 'web_search';
/** Results the model gets from one search. */
export const WEB_SEARCH_MAX_RESULTS = 5;
/** Longest snippet kept per result. */
const SNIPPET_MAX_CHARACTERS = 600;
/** Largest answer read from the search endpoint. */
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

export const WEB_SEARCH_FAILED = 'The web search did not answer; the answer continues without it.';

const argsSchema = z.object({ query: z.string().trim().min(1).max(400) });

/** The part of a SearXNG JSON answer used; anything else in it is ignored. */
const searxAnswerSchema = z.object({
  results: z.array(z.looseObject({ title: z.string().optional(), url: z.string().optional(), content: z.string().optional() })),
});

const httpUrl = (value: string | undefined): value is string => {
  if (!value) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const oneLine = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
};

/**
 * `web_search`: a SearXNG-compatible JSON search endpoint an administrator configured
 * (WEB_SEARCH_URL, the query appended URL-encoded). Only built when it is configured: without it
 * the tool does not exist. The server calls it, never the browser; results (title, url, snippet)
 * are text content, bounded in number, length, bytes and time.
 */
export function webSearchTool(options: { url: string; timeoutMs: number; fetch?: typeof fetch }): Tool {
  const fetchImpl = options.fetch ?? fetch;
  return {
    name: WEB_SEARCH_TOOL,
    description: 'Searches the public web. Returns up to five results, each with a number n to cite as [n], its title, url and a snippet. Use it only for public information that the documents do not hold.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'The search words.' } },
      required: ['query'],
      additionalProperties: false,
    },
    timeoutMs: options.timeoutMs,
    async run(args, ctx) {
      const parsed = argsSchema.safeParse(args);
      if (!parsed.success) throw new ToolError('The web search needs a query of 1 to 400 characters.');
      let body: unknown;
      try {
        const response = await fetchImpl(`${options.url}${encodeURIComponent(parsed.data.query)}`, {
          signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(options.timeoutMs)]),
          headers: { accept: 'application/json' },
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const length = Number(response.headers.get('content-length') ?? 0);
        if (length > MAX_RESPONSE_BYTES) throw new Error('answer too large');
        const text = await response.text();
        if (text.length > MAX_RESPONSE_BYTES) throw new Error('answer too large');
        body = JSON.parse(text);
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        throw new ToolError(WEB_SEARCH_FAILED, { cause: error });
      }
      const answer = searxAnswerSchema.safeParse(body);
      if (!answer.success) throw new ToolError(WEB_SEARCH_FAILED);
      const results = answer.data.results
        .filter((result) => httpUrl(result.url))
        .slice(0, WEB_SEARCH_MAX_RESULTS)
        .map((result) => ({ title: oneLine(result.title ?? result.url!, 200), url: result.url!, snippet: oneLine(result.content ?? '', SNIPPET_MAX_CHARACTERS) }));
      return {
        content: results.map((result, index) => ({ type: 'text' as const, text: `${result.title}\n${result.url}\n${result.snippet}`.trim(), source_index: index })),
        modelText: (first) =>
          results.length === 0 ? 'The web search found nothing.' : JSON.stringify(results.map((result, index) => ({ n: first + index + 1, ...result }))),
      };
    },
  };
}
