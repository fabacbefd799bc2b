import type { ServerConfig } from '../config';
import type { ModelProvider } from '../inference/model-provider';
import { DeeplEngine } from './deepl-engine';
import type { EngineSource } from './engine';
import { LibreTranslateEngine } from './libretranslate-engine';
import { LlmEngineSource } from './llm-engine';
import { TranslationService } from './translation-service';

/** Longest wait for an engine's language list: a dead engine must not hold up the resource list. */
const LANGUAGES_TIMEOUT_MS = 10_000;

/**
 * The engines the configuration turns on, in the order the portal offers them: DeepL
 * (DEEPL_API_KEY), LibreTranslate (LIBRETRANSLATE_URL), then one per chat model of the
 * OpenAI-compatible endpoint (none when no endpoint is configured or detected).
 */
export function translationServiceFromConfig(config: ServerConfig, models: ModelProvider): TranslationService {
  const timeoutMs = config.inference.timeoutMs;
  const languagesTimeoutMs = timeoutMs > 0 ? Math.min(timeoutMs, LANGUAGES_TIMEOUT_MS) : LANGUAGES_TIMEOUT_MS;
  const sources: EngineSource[] = [];
  const { deepl, libreTranslate, llmLanguages } = config.translation;
  if (deepl) sources.push(new DeeplEngine({ ...deepl, languagesTimeoutMs }));
  if (libreTranslate) sources.push(new LibreTranslateEngine({ ...libreTranslate, languagesTimeoutMs }));
  sources.push(new LlmEngineSource(models, llmLanguages));
  return new TranslationService(sources, { timeoutMs });
}
