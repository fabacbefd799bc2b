import { TRANSCRIPTION_FILE_FIELD, transcriptionSchema, type Transcription } from '@assistant/contracts';
import { uploadWithProgress, type UploadProgress } from '@assistant/platform';

/** POST /api/transcriptions (multipart): the audio file, with upload progress; answers the text with timestamped segments. */
export function transcribeAudio(file: File, options: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void }): Promise<Transcription> {
  return uploadWithProgress('transcriptions', file, transcriptionSchema, { ...options, field: TRANSCRIPTION_FILE_FIELD });
}
