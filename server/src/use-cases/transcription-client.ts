import { fileExtension, transcriptionSchema, TRANSCRIPTION_AUDIO_TYPES, type Transcription, type TranscriptionAudioType } from '@assistant/contracts';
import OpenAI, { toFile } from 'openai';
import type { ServerConfig } from '../config';
import { boundedFetch } from '../inference/bounded-fetch';
import { modelEndpointError } from '../inference/model-endpoint-errors';
import { ModelUnavailableError, UpstreamError, withDeadline } from '../inference/upstream';
import { sniffHead } from '../ingestion/content-type';
import type { ModelCallMeter } from '../usage/usage-meter';

const SERVICE = 'The transcription endpoint';
/** Most bytes of a transcription answer read (hours of speech as verbose JSON stay far below). */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** What file-type calls the audio formats, as the contract's types. */
const SNIFFED_AUDIO: Record<string, TranscriptionAudioType> = {
  'audio/mpeg': 'audio/mpeg',
  'audio/mp4': 'audio/mp4',
  'audio/x-m4a': 'audio/mp4',
  'video/mp4': 'audio/mp4',
  'audio/wav': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/webm': 'audio/webm',
  'video/webm': 'audio/webm',
  'audio/ogg': 'audio/ogg',
  'audio/opus': 'audio/ogg',
  'audio/flac': 'audio/flac',
  'audio/x-flac': 'audio/flac',
};

/** The audio type of a file by its content (magic number), or undefined when it is none a transcription takes. */
export async function sniffAudioType(bytes: Uint8Array): Promise<TranscriptionAudioType | undefined> {
  const sniffed = await sniffHead(bytes.subarray(0, 64 * 1024));
  return sniffed ? SNIFFED_AUDIO[sniffed.mime.split(';')[0]!.trim().toLowerCase()] : undefined;
}

/**
 * The name the file gets upstream: the client's when its extension fits the content, else
 * `audio.<extension of the type>` (a Whisper server picks the decoder by the extension).
 */
export function upstreamFileName(name: string, type: TranscriptionAudioType): string {
  const extensions: readonly string[] = TRANSCRIPTION_AUDIO_TYPES[type].extensions;
  return extensions.includes(fileExtension(name)) ? name : `audio.${extensions[0]}`;
}

/**
 * Speech to text through an OpenAI-compatible `/audio/transcriptions` endpoint (Whisper servers
 * such as faster-whisper-server/speaches, vLLM, OpenAI), with the openai SDK: one request with
 * `response_format: verbose_json` for segments with timestamps. No SDK retries. Failures are the
 * errors of inference/upstream.ts (timeout after TRANSCRIPTION_TIMEOUT_SECONDS).
 */
export class TranscriptionClient {
  private client: OpenAI | undefined;

  /** `meter`: the minutes are recorded as the user's usage, and their budget applies. */
  constructor(
    private readonly config: ServerConfig['transcription'],
    private readonly meter?: ModelCallMeter,
  ) {}

  /** A model and an endpoint are configured. */
  get available(): boolean {
    return this.config.model !== undefined && this.config.baseUrl !== undefined;
  }

  async transcribe(input: { name: string; type: TranscriptionAudioType; bytes: Buffer; language?: string | undefined; signal?: AbortSignal }): Promise<Transcription> {
    const { model, baseUrl } = this.config;
    if (!model || !baseUrl) throw new ModelUnavailableError('No transcription model is configured (TRANSCRIPTION_MODEL)');
    this.client ??= new OpenAI({
      baseURL: baseUrl,
      apiKey: this.config.apiKey || 'unused',
      maxRetries: 0,
      timeout: this.config.timeoutMs > 0 ? this.config.timeoutMs + 1_000 : 2_147_483_647,
      fetch: boundedFetch(MAX_ANSWER_BYTES, () => new UpstreamError(SERVICE, `${SERVICE} answered more than ${MAX_ANSWER_BYTES} bytes`)),
    });
    const client = this.client;
    // Over budget: refused before the audio is sent. Its length is known once transcribed.
    const metered = await this.meter?.begin({ model, promptCharacters: 0, maxTokens: 0 });
    let transcription: Transcription;
    try {
      transcription = toTranscription(await this.request(client, model, input));
    } catch (error) {
      metered?.end({ answerCharacters: 0, failed: true });
      throw error;
    }
    metered?.end({ answerCharacters: transcription.text.length, audioSeconds: transcription.duration });
    return transcription;
  }

  private request(client: OpenAI, model: string, input: { name: string; type: TranscriptionAudioType; bytes: Buffer; language?: string | undefined; signal?: AbortSignal }) {
    return withDeadline(SERVICE, this.config.timeoutMs, input.signal, async (signal) => {
      try {
        return await client.audio.transcriptions.create(
          {
            model,
            file: await toFile(input.bytes, upstreamFileName(input.name, input.type), { type: input.type }),
            response_format: 'verbose_json',
            timestamp_granularities: ['segment'],
            // Whisper takes ISO 639-1 (`de`), not a region (`de-AT`).
            ...(input.language ? { language: input.language.split('-')[0]!.toLowerCase() } : {}),
          },
          { signal },
        );
      } catch (error) {
        throw modelEndpointError(error);
      }
    });
  }
}

/**
 * A verbose_json answer as the contract's transcription: segments with finite times in order
 * (text trimmed), the duration (else the last segment's end), the language as named. Anything
 * that is not a transcription is an UpstreamError.
 */
export function toTranscription(answer: unknown): Transcription {
  const body = (typeof answer === 'object' && answer !== null ? answer : {}) as { text?: unknown; language?: unknown; duration?: unknown; segments?: unknown };
  if (typeof body.text !== 'string') throw new UpstreamError(SERVICE, `${SERVICE} answered without a transcription text`);
  const segments = (Array.isArray(body.segments) ? body.segments : []).flatMap((segment: unknown) => {
    const { start, end, text } = (segment ?? {}) as { start?: unknown; end?: unknown; text?: unknown };
    if (typeof start !== 'number' || typeof end !== 'number' || !Number.isFinite(start) || !Number.isFinite(end) || typeof text !== 'string') return [];
    const from = Math.max(0, start);
    return [{ start: from, end: Math.max(from, end), text: text.trim() }];
  });
  const duration = typeof body.duration === 'number' && Number.isFinite(body.duration) && body.duration >= 0 ? body.duration : (segments.at(-1)?.end ?? 0);
  const parsed = transcriptionSchema.safeParse({
    text: body.text.trim(),
    language: typeof body.language === 'string' ? body.language.slice(0, 64) : '',
    duration,
    segments,
  });
  if (!parsed.success) throw new UpstreamError(SERVICE, `${SERVICE} answered something that is not a transcription`);
  return parsed.data;
}
