import { SPEECH_MAX_CHARACTERS, speechConfigSchema, speechRequestSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../http/send-error';
import { abortWhenClientLeaves } from '../inference/client-abort';
import { upstreamFailureReply } from '../inference/public-failure';
import { UpstreamError, isAbortError } from '../inference/upstream';
import type { SpeechClient } from '../use-cases/speech-client';

const NO_MODEL = 'Read aloud by the server is not available: no text-to-speech model is configured (TEXT_TO_SPEECH_MODEL)';

/** The spoken text's bytes, with the endpoint's audio type. */
const audioResponse = {
  200: { description: 'The text spoken (MP3, or the audio type the endpoint answered)', content: { 'audio/*': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) } } },
};

/**
 * Read aloud (docs/chat-ui.md "Voice"):
 *
 * - GET /api/speech/config: whether a text-to-speech model is configured (else the browser reads
 *   with its own voices) and the most characters of one request.
 * - POST /api/speech `{ text, language? }`: the text sent to the OpenAI-compatible `/audio/speech`
 *   endpoint with the configured model and voice for the signed-in user (metered as chat usage);
 *   answers the audio. Nothing is stored. 400 bad body, 503 no model or endpoint unreachable,
 *   502 the endpoint failed, 504 no answer within TEXT_TO_SPEECH_TIMEOUT_SECONDS.
 */
export const speechRoutes: FastifyPluginAsyncZod<{ speech: SpeechClient }> = async (app, { speech }) => {
  app.get('/speech/config', { schema: { response: { 200: speechConfigSchema } } }, async () => ({
    available: speech.available,
    max_characters: SPEECH_MAX_CHARACTERS,
  }));

  app.post('/speech', { schema: { body: speechRequestSchema, response: audioResponse }, config: { modelLimits: true, usageFeature: 'chat' } }, async (request, reply) => {
    if (!speech.available) return sendError(reply, 503, NO_MODEL, { code: 'model_unavailable' });
    const client = abortWhenClientLeaves(reply);
    try {
      const audio = await speech.speak({ text: request.body.text, signal: client.signal });
      request.log.info({ by: request.principal.sub, characters: request.body.text.length, bytes: audio.bytes.length }, 'text spoken');
      return reply.header('content-type', audio.type).header('cache-control', 'no-store').send(audio.bytes);
    } catch (error) {
      if (client.signal.aborted || isAbortError(error)) return sendError(reply, 499, 'The client closed the request');
      if (error instanceof UpstreamError) {
        const failure = upstreamFailureReply(error, 'Reading aloud', 'the text-to-speech model', { unreachableIs503: true, noModelMessage: NO_MODEL });
        request.log.warn({ reason: failure.reason, status: error.status, code: failure.code }, 'speech: the endpoint failed');
        return sendError(reply, failure.status, failure.message, { code: failure.code });
      }
      throw error;
    } finally {
      client.dispose();
    }
  });
};
