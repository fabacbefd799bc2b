import { UpstreamError, excerpt, fetchJson, withDeadline } from '../inference/upstream';
import { Cached, type EngineSource, type EngineTranslateOptions, type EngineTranslation, type LanguageMap, type TranslationEngine } from './engine';

const SERVICE = 'LibreTranslate';

export interface LibreTranslateOptions {
  url: string;
  apiKey: string | undefined;
  languagesTimeoutMs: number;
}

interface DetectedLanguage {
  confidence?: unknown;
  language?: unknown;
}

/**
 * A LibreTranslate server: languages from `/languages` (code, name, targets), translations from
 * `/translate` with all segments as the `q` array, `source: auto` for detection. The score of a
 * segment is LibreTranslate's detection confidence (0-100) when it detected the language.
 */
export class LibreTranslateEngine implements TranslationEngine, EngineSource {
  readonly id = 'libretranslate';
  readonly name = 'LibreTranslate';
  readonly type = 'libretranslate';
  private readonly languageCache: Cached<LanguageMap>;

  constructor(private readonly options: LibreTranslateOptions) {
    this.languageCache = new Cached(() => this.loadLanguages(), 60 * 60_000, 15_000);
  }

  async engines(): Promise<TranslationEngine[]> {
    return [this];
  }

  languages(): Promise<LanguageMap> {
    return this.languageCache.get();
  }

  private loadLanguages(): Promise<LanguageMap> {
    return withDeadline(SERVICE, this.options.languagesTimeoutMs, undefined, async (signal) => {
      // /languages needs no key (and a key in a URL ends up in access logs).
      const response = await fetchJson(SERVICE, `${this.options.url}/languages`, { signal });
      if (!response.ok) throw libreError(response.status, response.text);
      if (!Array.isArray(response.body)) throw new UpstreamError(SERVICE, `${SERVICE} answered its languages call with something else than a list`);
      const map: LanguageMap = {};
      const allTargets = new Set<string>();
      for (const entry of response.body as Array<{ code?: unknown; targets?: unknown }>) {
        if (typeof entry.code !== 'string' || entry.code === '') continue;
        const targets = Array.isArray(entry.targets)
          ? entry.targets.filter((t): t is string => typeof t === 'string' && t !== '' && t !== entry.code)
          : [];
        map[entry.code] = targets;
        for (const target of targets) allTargets.add(target);
      }
      return { auto: [...allTargets], ...map };
    });
  }

  async translate(segments: string[], options: EngineTranslateOptions): Promise<EngineTranslation[]> {
    const response = await fetchJson(SERVICE, `${this.options.url}/translate`, {
      method: 'POST',
      body: {
        q: segments,
        source: options.source,
        target: options.target,
        format: 'text',
        ...(this.options.apiKey ? { api_key: this.options.apiKey } : {}),
      },
      signal: options.signal,
    });
    if (!response.ok) throw libreError(response.status, response.text);
    const body = response.body as { translatedText?: unknown; detectedLanguage?: DetectedLanguage | DetectedLanguage[] } | undefined;
    const texts = body?.translatedText;
    if (!Array.isArray(texts) || texts.length !== segments.length || texts.some((t) => typeof t !== 'string')) {
      throw new UpstreamError(SERVICE, `${SERVICE} answered with a different number of translations than texts sent`);
    }
    const detected = body?.detectedLanguage;
    return (texts as string[]).map((translation, index) => {
      const detection = Array.isArray(detected) ? detected[index] : detected;
      const score = typeof detection?.confidence === 'number' && Number.isFinite(detection.confidence) ? detection.confidence : undefined;
      const language = typeof detection?.language === 'string' && detection.language ? detection.language : undefined;
      return {
        translation,
        ...(score === undefined ? {} : { score }),
        ...(language === undefined ? {} : { detectedLanguage: language }),
      };
    });
  }
}

function libreError(status: number, text: string): UpstreamError {
  let detail = '';
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string') detail = excerpt(body.error);
  } catch {
    // not JSON: no detail
  }
  const suffix = detail ? `: ${detail}` : '';
  const messages: Record<number, string> = {
    400: `${SERVICE} refused the request (HTTP 400)${suffix}`,
    403: `${SERVICE} refused the request (HTTP 403)${suffix || ': check LIBRETRANSLATE_API_KEY'}`,
    429: `${SERVICE} is receiving too many requests (HTTP 429)${suffix}`,
  };
  return new UpstreamError(SERVICE, messages[status] ?? `${SERVICE} answered HTTP ${status}${suffix}`, status);
}
