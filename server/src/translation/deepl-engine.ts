import { UpstreamError, excerpt, fetchJson, withDeadline } from '../inference/upstream';
import { Cached, type EngineSource, type EngineTranslateOptions, type EngineTranslation, type LanguageMap, type TranslationEngine } from './engine';

const SERVICE = 'DeepL';
/** DeepL takes at most 50 texts per request and 128 KiB of request body. */
const MAX_TEXTS_PER_REQUEST = 50;
const MAX_BYTES_PER_REQUEST = 100_000;

export interface DeeplOptions {
  apiKey: string;
  /** https://api.deepl.com, https://api-free.deepl.com, or a compatible server. */
  apiUrl: string;
  /** Timeout of the languages calls. */
  languagesTimeoutMs: number;
}

interface DeeplLanguages {
  map: LanguageMap;
  /** Our code -> DeepL's code (`en-GB` -> `EN-GB`). */
  deeplCode: Map<string, string>;
  /** Target codes (ours) whose `supports_formality` is true. */
  formality: Set<string>;
}

/**
 * The DeepL API (v2): languages from `/v2/languages?type=source|target`, translations from
 * `/v2/translate` with every segment as one entry of `text` (in batches of 50), `source_lang`
 * left out for detection, `formality` `prefer_more`/`prefer_less` where the target has it.
 * Codes are offered in BCP 47 spelling (`en-GB`, `zh-Hans`) and turned back into DeepL's.
 */
export class DeeplEngine implements TranslationEngine, EngineSource {
  readonly id = 'deepl';
  readonly name = 'DeepL';
  readonly type = 'deepl';
  private readonly languageCache: Cached<DeeplLanguages>;

  constructor(private readonly options: DeeplOptions) {
    this.languageCache = new Cached(() => this.loadLanguages(), 60 * 60_000, 15_000);
  }

  async engines(): Promise<TranslationEngine[]> {
    return [this];
  }

  async languages(): Promise<LanguageMap> {
    return (await this.languageCache.get()).map;
  }

  private async loadLanguages(): Promise<DeeplLanguages> {
    return withDeadline(SERVICE, this.options.languagesTimeoutMs, undefined, async (signal) => {
      const [sources, targets] = await Promise.all([this.languageList('source', signal), this.languageList('target', signal)]);
      const deeplCode = new Map<string, string>();
      const ours = (code: string) => {
        const canonical = canonicalCode(code);
        deeplCode.set(canonical, code);
        return canonical;
      };
      const targetCodes = targets.map((entry) => ours(entry.language));
      const formality = new Set(targets.filter((entry) => entry.supports_formality === true).map((entry) => canonicalCode(entry.language)));
      const map: LanguageMap = { auto: targetCodes };
      for (const source of sources) {
        const code = ours(source.language);
        const base = code.split('-')[0];
        map[code] = targetCodes.filter((target) => target.split('-')[0] !== base);
      }
      return { map, deeplCode, formality };
    });
  }

  private async languageList(type: 'source' | 'target', signal: AbortSignal) {
    const response = await fetchJson(SERVICE, `${this.options.apiUrl}/v2/languages?type=${type}`, {
      headers: this.headers(),
      signal,
    });
    if (!response.ok) throw deeplError(response.status, response.text);
    if (!Array.isArray(response.body)) throw new UpstreamError(SERVICE, `${SERVICE} answered its languages call with something else than a list`);
    return (response.body as Array<{ language?: unknown; supports_formality?: unknown }>)
      .filter((entry): entry is { language: string; supports_formality?: unknown } => typeof entry.language === 'string' && entry.language !== '');
  }

  async translate(segments: string[], options: EngineTranslateOptions): Promise<EngineTranslation[]> {
    const languages = await this.languageCache.get();
    const target = languages.deeplCode.get(options.target) ?? options.target.toUpperCase();
    const source = options.source === 'auto' ? undefined : (languages.deeplCode.get(options.source) ?? options.source.toUpperCase());
    const formality =
      options.formality !== 'default' && languages.formality.has(options.target)
        ? options.formality === 'more'
          ? 'prefer_more'
          : 'prefer_less'
        : undefined;

    const results: EngineTranslation[] = [];
    for (const batch of batches(segments)) {
      const response = await fetchJson(SERVICE, `${this.options.apiUrl}/v2/translate`, {
        method: 'POST',
        headers: this.headers(),
        body: {
          text: batch,
          target_lang: target,
          ...(source ? { source_lang: source } : {}),
          ...(formality ? { formality } : {}),
          // The segments are sentences already; keep their punctuation and case as written.
          preserve_formatting: true,
        },
        signal: options.signal,
      });
      if (!response.ok) throw deeplError(response.status, response.text);
      const translations = (response.body as { translations?: Array<{ text?: unknown; detected_source_language?: unknown }> } | undefined)?.translations;
      if (!Array.isArray(translations) || translations.length !== batch.length || translations.some((t) => typeof t?.text !== 'string')) {
        throw new UpstreamError(SERVICE, `${SERVICE} answered with a different number of translations than texts sent`);
      }
      results.push(
        ...translations.map((t) =>
          // DeepL names the source language it detected; it is news only when none was given.
          !source && typeof t.detected_source_language === 'string' && t.detected_source_language
            ? { translation: t.text as string, detectedLanguage: t.detected_source_language }
            : { translation: t.text as string },
        ),
      );
    }
    return results;
  }

  private headers() {
    return { authorization: `DeepL-Auth-Key ${this.options.apiKey}` };
  }
}

/** DeepL's HTTP errors in words (https://developers.deepl.com/docs/getting-started/error-handling). */
function deeplError(status: number, text: string): UpstreamError {
  const detail = deeplMessage(text);
  const messages: Record<number, string> = {
    400: `${SERVICE} refused the request (HTTP 400)${detail ? `: ${detail}` : ''}`,
    401: `${SERVICE} refused the API key (HTTP 401): check DEEPL_API_KEY`,
    403: `${SERVICE} refused the API key (HTTP 403): check DEEPL_API_KEY, and DEEPL_API_URL for a free (":fx") or pro key`,
    404: `${SERVICE} does not know this call (HTTP 404): check DEEPL_API_URL`,
    413: `${SERVICE} found the text too long (HTTP 413)`,
    429: `${SERVICE} is receiving too many requests (HTTP 429): try again shortly`,
    456: `${SERVICE}'s character quota is used up (HTTP 456)`,
    503: `${SERVICE} is temporarily unavailable (HTTP 503)`,
  };
  return new UpstreamError(SERVICE, messages[status] ?? `${SERVICE} answered HTTP ${status}${detail ? `: ${detail}` : ''}`, status);
}

function deeplMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; detail?: unknown };
    const parts = [body.message, body.detail].filter((part): part is string => typeof part === 'string' && part !== '');
    return excerpt(parts.join(': '));
  } catch {
    return '';
  }
}

/** DeepL's `EN-GB`, `ZH-HANS`, `PT-BR` as BCP 47 (`en-GB`, `zh-Hans`, `pt-BR`). */
export function canonicalCode(code: string): string {
  try {
    return Intl.getCanonicalLocales(code)[0] ?? code.toLowerCase();
  } catch {
    return code.toLowerCase();
  }
}

function* batches(segments: string[]): Generator<string[]> {
  let batch: string[] = [];
  let bytes = 0;
  for (const segment of segments) {
    const size = Buffer.byteLength(segment) + 16;
    if (batch.length > 0 && (batch.length >= MAX_TEXTS_PER_REQUEST || bytes + size > MAX_BYTES_PER_REQUEST)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(segment);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}
