/** What MediaRecorder is asked to record, in order of preference: types the transcription takes (Chromium and Firefox: WebM/Opus, Safari: MP4). */
const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'] as const;

/** The first preferred type this browser records, or undefined (the browser picks its own). */
export function recordingMimeType(isTypeSupported: (type: string) => boolean): string | undefined {
  return PREFERRED_TYPES.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

/** The file name the recording is sent under: its extension names the type, for the transcription server's decoder. */
export function recordingFileName(type: string): string {
  const base = type.split(';')[0]!.trim().toLowerCase();
  if (base === 'audio/mp4' || base === 'video/mp4') return 'question.m4a';
  if (base === 'audio/ogg') return 'question.ogg';
  return 'question.webm';
}

/** Elapsed time as "0:07" or "12:30". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The loudness of a moment of audio (time-domain bytes of an AnalyserNode, 128 = silence) as 0 to 1, scaled so speech fills most of the meter. */
export function levelOf(samples: Uint8Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) {
    const centred = (sample - 128) / 128;
    sum += centred * centred;
  }
  return Math.min(1, Math.sqrt(sum / samples.length) * 3);
}
