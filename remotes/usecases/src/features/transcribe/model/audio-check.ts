import { downloadBlob } from '@assistant/ui';
import { fileExtension, type TranscriptionConfig } from '@assistant/contracts';

/** What is wrong with an audio file before it is sent, by the server's own config: its type, or its size. */
export function audioFileProblem(file: { name: string; size: number }, config: TranscriptionConfig): 'unsupported-type' | 'too-large' | null {
  if (!config.accepted_extensions.includes(fileExtension(file.name))) return 'unsupported-type';
  if (config.max_bytes > 0 && file.size > config.max_bytes) return 'too-large';
  return null;
}

/** Seconds as "1:02:03" or "2:03". */
export function formatTimestamp(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The file name of a download: the audio's name with another extension. */
export function downloadName(audioName: string, extension: 'txt' | 'vtt'): string {
  const base = audioName.replace(/\.[^.]*$/, '') || 'transcript';
  return `${base}.${extension}`;
}

/** Offers text as a file download. */
export function downloadText(text: string, name: string, type: string): void {
  downloadBlob(new Blob([text], { type }), name);
}
