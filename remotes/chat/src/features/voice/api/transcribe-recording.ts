import { TRANSCRIPTION_FILE_FIELD, transcriptionSchema, type Transcription } from '@assistant/contracts';
import { uploadWithProgress } from '@assistant/platform';

/**
 * POST /api/transcriptions (multipart, docs/use-cases.md): the recorded question to the configured
 * transcription model; answers its text. The model hears the language itself (as in Transcribe).
 */
export function transcribeRecording(recording: File, signal?: AbortSignal): Promise<Transcription> {
  return uploadWithProgress('transcriptions', recording, transcriptionSchema, { field: TRANSCRIPTION_FILE_FIELD, signal });
}
