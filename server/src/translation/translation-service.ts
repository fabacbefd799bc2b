import { LANGUAGE_CODE_PATTERN, type MachineTranslation, type TranslateRequest, type TranslateResponse, type TranslationSegment } from '@assistant/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { UpstreamError, withDeadline } from '../inference/upstream';
import { findCode, languageName, type EngineSource, type EngineTranslation, type SegmentBreak, type TranslationEngine } from './engine';
import { segmentText } from './segmentation';

type Logger = Pick<FastifyBaseLogger, 'warn'>;

/** A translate request the server refuses before any engine is asked (404 unknown engine, 400 language). */
export class TranslationRequestError extends Error {
  constructor(
    readonly statusCode: 400 | 404,
    message: string,
  ) {
    super(message);
    this.name = 'TranslationRequestError';
  }

  /** not_found for an engine that is not on offer, unsupported_language for a language it does not offer. */
  get code(): 'not_found' | 'unsupported_language' {
    return this.statusCode === 404 ? 'not_found' : 'unsupported_language';
  }
}

export interface TranslationServiceOptions {
  /** Deadline of one translation (REQUEST_TIMEOUT_SECONDS); 0: none. */
  timeoutMs: number;
}

/**
 * The engines on offer and the translation of a whole text: segmentation, language checks
 * against the engine's map, one engine call, the answer rebuilt with the text's own separators.
 */
export class TranslationService {
  constructor(
    private readonly sources: EngineSource[],
    private readonly options: TranslationServiceOptions,
  ) {}

  /** Whether any engine is configured at all (not whether it answers). */
  get configured(): boolean {
    return this.sources.length > 0;
  }

  async engines(): Promise<TranslationEngine[]> {
    const lists = await Promise.all(this.sources.map((source) => source.engines()));
    return lists.flat();
  }

  /** Every engine that can say which languages it offers; one that cannot is left out (logged). */
  async resources(logger: Logger): Promise<MachineTranslation[]> {
    const engines = await this.engines();
    const resources = await Promise.all(
      engines.map(async (engine): Promise<MachineTranslation | undefined> => {
        try {
          const languages = await engine.languages();
          return { id: engine.id, name: engine.name, type: engine.type, languages };
        } catch (error) {
          logger.warn({ engine: engine.id, reason: error instanceof Error ? error.message : String(error) }, 'translation engine left out: its languages are unknown');
          return undefined;
        }
      }),
    );
    return resources.filter((resource): resource is MachineTranslation => resource !== undefined);
  }

  async find(id: string): Promise<TranslationEngine | undefined> {
    return (await this.engines()).find((engine) => engine.id === id);
  }

  /**
   * Translates `request.text`. Throws `TranslationRequestError` (404/400), `UpstreamError`
   * (engine failure; `UpstreamTimeoutError` past the deadline) or an AbortError when `signal`
   * aborts. Never answers a partial translation.
   */
  async translate(request: TranslateRequest, signal: AbortSignal, log?: Logger): Promise<TranslateResponse> {
    const engine = await this.find(request.engine_id);
    if (!engine) throw new TranslationRequestError(404, `Translation engine "${request.engine_id}" is not available`);

    const languages = await engine.languages();
    const source = findCode(Object.keys(languages), request.source_language);
    if (!source) {
      throw new TranslationRequestError(
        400,
        request.source_language === 'auto'
          ? `${engine.name} cannot detect the source language: choose one`
          : `${engine.name} does not translate from ${describe(request.source_language)}`,
      );
    }
    const target = findCode(languages[source] ?? [], request.target_language);
    if (!target) {
      throw new TranslationRequestError(
        400,
        `${engine.name} does not translate ${source === 'auto' ? '' : `from ${describe(source)} `}into ${describe(request.target_language)}`,
      );
    }

    const segmented = segmentText(request.text, source);
    if (segmented.segments.length === 0) return { translation: request.text, translation_segments: [] };

    const results = await withDeadline(engine.name, this.options.timeoutMs, signal, (deadline) =>
      engine.translate(
        segmented.segments.map((segment) => segment.text),
        {
          source,
          target,
          formality: request.formality ?? 'default',
          signal: deadline,
          breaks: segmented.segments.map((segment) => breakOf(segment.trailing)),
          ...(log ? { log } : {}),
        },
      ),
    );
    if (results.length !== segmented.segments.length) {
      throw new UpstreamError(engine.name, `${engine.name} answered ${results.length} translations for ${segmented.segments.length} sentences`);
    }

    const segments: TranslationSegment[] = segmented.segments.map((segment, index) => {
      const result = results[index]!;
      // Each segment carries the separator after it (the first also what precedes it), so the
      // segments, joined, are the source text and the translation, paragraphs included.
      const before = index === 0 ? segmented.leading : '';
      return {
        source: before + segment.text + segment.trailing,
        translation: before + result.translation + segment.trailing,
        translated_by: {
          id: engine.id,
          name: engine.name,
          type: engine.type,
          ...(result.score === undefined ? {} : { score: result.score }),
        },
      };
    });
    const translation = segments.map((segment) => segment.translation).join('');
    const detected = source === 'auto' ? detectedLanguageOf(results) : undefined;
    return detected ? { translation, translation_segments: segments, detected_language: detected } : { translation, translation_segments: segments };
  }
}

/**
 * The language an engine detected for the text: the one it reported for most segments, in lower
 * case (`DE` -> `de`, `EN-GB` -> `en-gb`). Undefined when it reported none (the LLM engine) or
 * something that is no language code: nothing is made up.
 */
export function detectedLanguageOf(results: readonly EngineTranslation[]): string | undefined {
  const counts = new Map<string, number>();
  for (const result of results) {
    const code = result.detectedLanguage?.trim().toLowerCase();
    if (code && LANGUAGE_CODE_PATTERN.test(code)) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [code, count] of counts) if (best === undefined || count > counts.get(best)!) best = code;
  return best;
}

/** A segment's separator as a break: a blank line (two line breaks or more) ends a paragraph. */
function breakOf(trailing: string): SegmentBreak {
  const newlines = trailing.split('\n').length - 1;
  return newlines >= 2 ? 'paragraph' : newlines === 1 ? 'line' : 'space';
}

function describe(code: string): string {
  const name = languageName(code);
  return name === code ? `"${code}"` : `${name} (${code})`;
}
