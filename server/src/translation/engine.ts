import type { Formality, MachineTranslation } from '@assistant/contracts';

/**
 * What every translation engine (LLM, DeepL, LibreTranslate) offers the translate route: its
 * resource fields, its language map and a translation of segments, one answer per segment in the
 * same order.
 */
export interface TranslationEngine {
  readonly id: string;
  readonly name: string;
  /** `llm`, `deepl` or `libretranslate`: the resource's `type`. */
  readonly type: string;
  /**
   * Source language code (and `auto` when the engine detects) -> target codes. Cached by the
   * engine; throws an `UpstreamError` when the engine cannot tell (it is then not on offer).
   */
  languages(signal?: AbortSignal): Promise<LanguageMap>;
  /**
   * Translates `segments` (never empty or blank) and answers one result per segment, in order.
   * Throws an `UpstreamError` on an engine failure, an AbortError when `signal` aborts; never
   * answers a partial result.
   */
  translate(segments: string[], options: EngineTranslateOptions): Promise<EngineTranslation[]>;
}

export type LanguageMap = MachineTranslation['languages'];

export interface EngineTranslateOptions {
  /** A key of the engine's language map (`auto` or a code in the engine's own spelling). */
  source: string;
  /** A target of that key, in the engine's own spelling. */
  target: string;
  formality: Formality;
  signal: AbortSignal;
  /**
   * What follows each segment in the text (one entry per segment). Engines that send several
   * segments in one call (the LLM engine) keep paragraphs together with it; the others ignore
   * it. Absent: not known.
   */
  breaks?: SegmentBreak[];
  /** Where an engine reports what it repaired or asked again (reasons and counts, never the text). */
  log?: { warn(obj: object, msg: string): void };
}

/** Between two segments: a space (same line), a line break, or a blank line (a new paragraph). */
export type SegmentBreak = 'space' | 'line' | 'paragraph';

export interface EngineTranslation {
  translation: string;
  /** The engine's own confidence, on its own scale (LibreTranslate: detection confidence 0-100). */
  score?: number;
  /** With source `auto`: the language the engine says it detected, in its own spelling (`DE`, `de`). */
  detectedLanguage?: string;
}

/** Lists the engines one kind of backend offers right now (the LLM backend: one per model). */
export interface EngineSource {
  engines(): Promise<TranslationEngine[]>;
}

/** Every code once, `auto` as a source, each source to every other code. */
export function fullyConnected(codes: string[]): LanguageMap {
  const unique = [...new Set(codes)];
  const map: LanguageMap = { auto: [...unique] };
  for (const code of unique) map[code] = unique.filter((other) => other !== code);
  return map;
}

/** The key of `codes` equal to `code` ignoring case (`EN-gb` finds `en-GB`), if any. */
export function findCode(codes: Iterable<string>, code: string): string | undefined {
  const wanted = code.toLowerCase();
  for (const candidate of codes) if (candidate.toLowerCase() === wanted) return candidate;
  return undefined;
}

const englishNames = new Intl.DisplayNames('en', { type: 'language', fallback: 'code' });

/** A language's English name for prompts and messages (`de` -> German). */
export function languageName(code: string): string {
  try {
    return englishNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A value loaded on demand and kept for a while: `okTtlMs` after a success, `failTtlMs` after a
 * failure (so a dead engine is not asked on every list, yet is asked again soon). Concurrent
 * callers share one load.
 */
export class Cached<T> {
  private entry: { at: number; ttl: number; value: Promise<T> } | undefined;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly okTtlMs: number,
    private readonly failTtlMs: number,
  ) {}

  get(): Promise<T> {
    const now = Date.now();
    if (this.entry && now - this.entry.at < this.entry.ttl) return this.entry.value;
    const entry = { at: now, ttl: Number.POSITIVE_INFINITY, value: this.load() };
    this.entry = entry;
    entry.value.then(
      () => {
        entry.ttl = this.okTtlMs;
      },
      () => {
        entry.ttl = this.failTtlMs;
      },
    );
    return entry.value;
  }
}
