import { jsonrepair } from 'jsonrepair';
import { z } from 'zod';

/**
 * Structured answers of a model, read the way small local models write them: the JSON may sit in
 * a code fence, after a reasoning block or between sentences, and may carry trailing commas,
 * single quotes, Python constants or a cut-off end (repaired with jsonrepair). The value is then
 * validated strictly with a zod schema whose lists are lenient: an item that does not validate
 * or repeats an earlier one is left out and counted, the rest is kept. Nothing is made up: what
 * cannot be repaired is dropped, never filled in.
 */

/** How many places in a text are tried as the start of the JSON value. */
const MAX_STARTS = 16;

/** What a lenient read left out, as reason -> count. Reasons name fields and rules, never the model's text. */
export class Dropped {
  private readonly counts = new Map<string, number>();

  add(reason: string, count = 1): void {
    if (count > 0) this.counts.set(reason, (this.counts.get(reason) ?? 0) + count);
  }

  get total(): number {
    let total = 0;
    for (const count of this.counts.values()) total += count;
    return total;
  }

  /** For the log: `{ "sentence: label invalid_value": 2 }`. */
  toJSON(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }
}

/** The answer without the reasoning some models write first (`<think>...</think>`, or only its end when the server ate the start). */
function withoutThinking(text: string): string {
  let rest = text.replace(/<think>[\s\S]*?<\/think>/g, '');
  const close = rest.lastIndexOf('</think>');
  if (close >= 0) rest = rest.slice(close + '</think>'.length);
  // Reasoning that never ended holds no answer.
  return rest.replace(/<think>[\s\S]*$/, '');
}

/** A `{` or `[` that can open JSON (not "[Note]" or "{name}" in prose). */
const OPENS_JSON = /^(\{\s*(["'}]|[A-Za-z_$][\w$]*\s*:)|\[\s*([[{"'\]\d-]|true|false|null))/;

interface Span {
  text: string;
  /** Where the scan goes on: after the span, or the end of the text. */
  next: number;
  /** The text ended before the value did (an answer cut off at the token limit). */
  cutOff: boolean;
}

/**
 * From `start` to the bracket that closes it (strings skipped). When the text ends first, the
 * span ends after the last complete member (at its last `,` or closing bracket outside a string),
 * so jsonrepair closes the brackets but never finishes a string or number that was cut off.
 */
function spanFrom(text: string, start: number): Span | undefined {
  let depth = 0;
  let quote = false;
  let safeEnd = -1;
  for (let i = start; i < text.length; i += 1) {
    const char = text[i]!;
    if (quote) {
      if (char === '\\') i += 1;
      else if (char === '"') quote = false;
    } else if (char === '"') quote = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === ',') safeEnd = i;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return { text: text.slice(start, i + 1), next: i + 1, cutOff: false };
      safeEnd = i + 1;
    }
  }
  return safeEnd < 0 ? undefined : { text: text.slice(start, safeEnd), next: text.length, cutOff: true };
}

const isStructure = (value: unknown): boolean => typeof value === 'object' && value !== null;

function tryParse(candidate: string, repair: boolean): unknown {
  try {
    const value: unknown = JSON.parse(repair ? jsonrepair(candidate) : candidate);
    return isStructure(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The JSON values a model's answer may hold, best first: each top-level `{...}` or `[...]` (one
 * inside another is part of it, not a candidate) as it stands, then each that jsonrepair can mend.
 * Without `cutOff`, a value the text ended in the middle of is no candidate.
 */
function* candidates(text: string, options: { cutOff: boolean }): Generator<unknown> {
  const answer = withoutThinking(text);
  const spans: Span[] = [];
  for (let i = 0; i < answer.length && spans.length < MAX_STARTS; i += 1) {
    const char = answer[i];
    if ((char === '{' || char === '[') && OPENS_JSON.test(answer.slice(i, i + 64))) {
      const span = spanFrom(answer, i);
      if (!span) break;
      if (!span.cutOff || options.cutOff) spans.push(span);
      i = span.next - 1;
    }
  }
  const strict = spans.map((span) => tryParse(span.text, false));
  for (const value of strict) if (value !== undefined) yield value;
  for (const [i, span] of spans.entries()) {
    if (strict[i] !== undefined) continue;
    const value = tryParse(span.text, true);
    if (value !== undefined) yield value;
  }
}

/**
 * The first JSON object or array in a model's answer (see candidates), or undefined when there is
 * none. `cutOff: false` refuses a value the text ended in the middle of (tool arguments: a call
 * is not run on half its arguments).
 */
export function extractModelJson(text: string, options: { cutOff: boolean } = { cutOff: true }): unknown {
  for (const value of candidates(text, options)) return value;
  return undefined;
}

/** "0.8" and " 3 " as numbers; anything else as it is (for the schema to judge). */
function numeric(value: unknown): unknown {
  return typeof value === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(value) ? Number(value) : value;
}

/** A number the model may have written as a string. */
export function modelNumber<T extends z.ZodType<number>>(schema: T = z.number() as unknown as T) {
  return z.preprocess(numeric, schema);
}

/** An integer the model may have written as a string ("2"). */
export const modelInteger = () => modelNumber(z.number().int());

/** A boolean the model may have written as "true" / "false". */
export const modelBoolean = () =>
  z.preprocess((value) => (typeof value === 'string' && /^\s*(true|false)\s*$/i.test(value) ? value.trim().toLowerCase() === 'true' : value), z.boolean());

/** One of `values`, whatever the case and the spaces around it. */
export function modelEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), z.enum(values));
}

/** Why an item did not validate, without its content: the first issue's path and code. */
function reasonOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  return issue.path.length > 0 ? `${issue.path.join('.')} ${issue.code}` : issue.code;
}

export interface ListOptions<T> {
  /** What an item is, for the reasons ("sentence", "task"). */
  what: string;
  /** Items with the same key: the first is kept. */
  key?: (item: T) => unknown;
  /** At most this many items are kept (the first ones). */
  max?: number;
  /** Turns a shorthand the model wrote into the item's shape before validation (e.g. a bare string into `{content}`). */
  normalize?: (raw: unknown) => unknown;
}

/** Builds lists that keep their valid items and count the rest in `dropped`. */
export interface Lenient {
  dropped: Dropped;
  list<S extends z.ZodType>(item: S, options: ListOptions<z.output<S>>): z.ZodType<Array<z.output<S>>>;
}

function lenientOf(dropped: Dropped): Lenient {
  return {
    dropped,
    list<S extends z.ZodType>(item: S, options: ListOptions<z.output<S>>) {
      // A single item where a list belongs is that list; a missing list stays missing (the schema decides).
      return z
        .preprocess((value) => (value === undefined || value === null || Array.isArray(value) ? value : [value]), z.array(z.unknown()))
        .transform((raws) => {
          const kept: Array<z.output<S>> = [];
          const keys = new Set<unknown>();
          for (const raw of raws) {
            const parsed = item.safeParse(options.normalize ? options.normalize(raw) : raw);
            if (!parsed.success) {
              dropped.add(`${options.what}: ${reasonOf(parsed.error)}`);
              continue;
            }
            const key = options.key?.(parsed.data);
            if (key !== undefined && keys.has(key)) {
              dropped.add(`${options.what}: duplicate`);
              continue;
            }
            if (options.max !== undefined && kept.length >= options.max) {
              dropped.add(`${options.what}: over the limit`);
              continue;
            }
            keys.add(key);
            kept.push(parsed.data);
          }
          return kept;
        }) as unknown as z.ZodType<Array<z.output<S>>>;
    },
  };
}

export type ModelJson<T> = { ok: true; value: T; dropped: Dropped } | { ok: false; problem: string; dropped: Dropped };

/**
 * A model's structured answer: its JSON extracted (extractModelJson), then validated with the
 * schema `build` makes (lists built with `lenient.list` keep their valid items); the first
 * candidate that validates counts. `problem` says what is wrong when no JSON is there or no
 * candidate validates as a whole (the first one's reason).
 */
export function readModelJson<T>(text: string, build: (lenient: Lenient) => z.ZodType<T>): ModelJson<T> {
  let first: ModelJson<T> | undefined;
  // "[1] says so: {...}": a value that does not fit the schema gives way to the next candidate.
  for (const json of candidates(text, { cutOff: true })) {
    const dropped = new Dropped();
    const parsed = build(lenientOf(dropped)).safeParse(json);
    if (parsed.success) return { ok: true, value: parsed.data, dropped };
    first ??= { ok: false, problem: `not the expected JSON (${reasonOf(parsed.error)})`, dropped };
  }
  return first ?? { ok: false, problem: 'no JSON in the answer', dropped: new Dropped() };
}
