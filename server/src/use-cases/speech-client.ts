import { SPEECH_AUDIO_TYPE } from '@assistant/contracts';
import OpenAI from 'openai';
import type { ServerConfig } from '../config';
import { boundedFetch } from '../inference/bounded-fetch';
import { modelEndpointError } from '../inference/model-endpoint-errors';
import { ModelUnavailableError, UpstreamError, withDeadline } from '../inference/upstream';
import type { ModelCallMeter } from '../usage/usage-meter';

const SERVICE = 'The text-to-speech endpoint';
/** Most bytes of one spoken answer read (4096 characters of MP3 speech are a few MB). */
const MAX_AUDIO_BYTES = 32 * 1024 * 1024;

/**
 * Text to speech through an OpenAI-compatible `/audio/speech` endpoint (OpenAI, Kokoro-FastAPI,
 * openedai-speech), with the openai SDK: the configured model and voice, MP3. No SDK retries.
 * Failures are the errors of inference/upstream.ts (timeout after TEXT_TO_SPEECH_TIMEOUT_SECONDS).
 */
export class SpeechClient {
  private client: OpenAI | undefined;

  /** `meter`: the characters read are recorded as the user's usage, and their budget applies. */
  constructor(
    private readonly config: ServerConfig['textToSpeech'],
    private readonly meter?: ModelCallMeter,
  ) {}

  /** A model and an endpoint are configured. */
  get available(): boolean {
    return this.config.model !== undefined && this.config.baseUrl !== undefined;
  }

  /** The text spoken: the audio (MP3 asked for) and its media type as the endpoint named it. */
  async speak(input: { text: string; signal?: AbortSignal }): Promise<{ bytes: Buffer; type: string }> {
    const { model, baseUrl, voice } = this.config;
    if (!model || !baseUrl) throw new ModelUnavailableError('No text-to-speech model is configured (TEXT_TO_SPEECH_MODEL)');
    this.client ??= new OpenAI({
      baseURL: baseUrl,
      apiKey: this.config.apiKey || 'unused',
      maxRetries: 0,
      timeout: this.config.timeoutMs > 0 ? this.config.timeoutMs + 1_000 : 2_147_483_647,
      fetch: boundedFetch(MAX_AUDIO_BYTES, () => new UpstreamError(SERVICE, `${SERVICE} answered more than ${MAX_AUDIO_BYTES} bytes`)),
    });
    const client = this.client;
    // Over budget: refused before the text is sent. The text is the call's input; no tokens come back.
    const metered = await this.meter?.begin({ model, promptCharacters: input.text.length, maxTokens: 0 });
    let audio: { bytes: Buffer; type: string };
    try {
      audio = await withDeadline(SERVICE, this.config.timeoutMs, input.signal, async (signal) => {
        try {
          const response = await client.audio.speech.create({ model, voice, input: input.text, response_format: 'mp3' }, { signal });
          return { bytes: Buffer.from(await response.arrayBuffer()), type: audioType(response.headers.get('content-type')) };
        } catch (error) {
          throw modelEndpointError(error);
        }
      });
    } catch (error) {
      metered?.end({ answerCharacters: 0, failed: true });
      throw error;
    }
    if (audio.bytes.length === 0) {
      metered?.end({ answerCharacters: 0, failed: true });
      throw new UpstreamError(SERVICE, `${SERVICE} answered no audio`);
    }
    metered?.end({ answerCharacters: 0 });
    return audio;
  }
}

/** The endpoint's media type when it names audio, else MP3 (what was asked for). */
function audioType(contentType: string | null): string {
  const type = contentType?.split(';')[0]!.trim().toLowerCase();
  return type && /^audio\/[\w.+-]+$/.test(type) ? type : SPEECH_AUDIO_TYPE;
}
