import { useCallback, useEffect, useRef, useState } from 'react';
import { transcribeRecording } from '../api/transcribe-recording';
import { levelOf, recordingFileName, recordingMimeType } from '../model/recording-format';

/** A question is a few sentences: a recording stops by itself after five minutes. */
export const MAX_RECORDING_SECONDS = 300;
/** How often the level and the elapsed time are shown anew. */
const TICK_MS = 100;

/** Why a recording or its transcription did not give a text. */
export type VoiceProblem =
  /** The browser (or the user) refused the microphone. */
  | 'refused'
  /** There is no microphone. */
  | 'no-microphone'
  /** The microphone is in use by another program or failed. */
  | 'microphone-failed'
  /** This browser cannot record (no MediaRecorder or getUserMedia, or not a secure page). */
  | 'unsupported'
  /** The transcription heard no words. */
  | 'nothing-heard'
  /** The recording is larger than the transcription takes. */
  | 'too-large'
  /** The transcription failed: `error` says why. */
  | 'transcription';

export type RecorderState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'recording'; level: number; seconds: number }
  | { phase: 'transcribing' }
  | { phase: 'failed'; problem: VoiceProblem; error?: unknown };

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  context: AudioContext | undefined;
  timer: ReturnType<typeof setInterval>;
  chunks: Blob[];
  /** Escape or Cancel: the recording is thrown away. */
  discard: boolean;
}

/**
 * Records a question from the microphone (MediaRecorder, with its loudness from an AnalyserNode
 * and the elapsed time) and sends it to the configured transcription model; `onText` gets the
 * text. Stop transcribes, cancel throws the recording (or the transcription under way) away.
 * Leaving (unmount) cancels and frees the microphone.
 */
export function useVoiceRecorder({ maxBytes, onText }: { maxBytes: number | undefined; onText: (text: string) => void }) {
  const [state, setState] = useState<RecorderState>({ phase: 'idle' });
  const session = useRef<Session | undefined>(undefined);
  const transcription = useRef<AbortController | undefined>(undefined);
  /** Counts starts: a cancel while the microphone is being asked for ends that start. */
  const attempt = useRef(0);
  const latest = useRef({ maxBytes, onText });
  latest.current = { maxBytes, onText };

  const release = useCallback((current: Session) => {
    clearInterval(current.timer);
    for (const track of current.stream.getTracks()) track.stop();
    void current.context?.close().catch(() => undefined);
  }, []);

  const transcribe = useCallback(async (recording: Blob) => {
    const limit = latest.current.maxBytes;
    if (recording.size === 0) return setState({ phase: 'failed', problem: 'nothing-heard' });
    if (limit !== undefined && recording.size > limit) return setState({ phase: 'failed', problem: 'too-large' });
    const controller = new AbortController();
    transcription.current = controller;
    setState({ phase: 'transcribing' });
    try {
      const file = new File([recording], recordingFileName(recording.type), { type: recording.type });
      const { text } = await transcribeRecording(file, controller.signal);
      if (controller.signal.aborted) return;
      if (text.trim() === '') return setState({ phase: 'failed', problem: 'nothing-heard' });
      setState({ phase: 'idle' });
      latest.current.onText(text.trim());
    } catch (error) {
      if (!controller.signal.aborted) setState({ phase: 'failed', problem: 'transcription', error });
    } finally {
      if (transcription.current === controller) transcription.current = undefined;
    }
  }, []);

  const start = useCallback(async () => {
    if (session.current || transcription.current) return;
    const mediaDevices = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    if (!mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') return setState({ phase: 'failed', problem: 'unsupported' });
    const mine = ++attempt.current;
    setState({ phase: 'starting' });
    let stream: MediaStream;
    try {
      stream = await mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      if (mine === attempt.current) setState({ phase: 'failed', problem: microphoneProblem(error), error });
      return;
    }
    if (mine !== attempt.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    let recorder: MediaRecorder;
    try {
      const mimeType = recordingMimeType((type) => MediaRecorder.isTypeSupported(type));
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      return setState({ phase: 'failed', problem: 'unsupported', error });
    }
    const level = analyse(stream);
    const startedAt = Date.now();
    const current: Session = {
      stream,
      recorder,
      context: level?.context,
      chunks: [],
      discard: false,
      timer: setInterval(() => {
        const seconds = (Date.now() - startedAt) / 1000;
        if (seconds >= MAX_RECORDING_SECONDS && recorder.state === 'recording') recorder.stop();
        setState((previous) => (previous.phase === 'recording' ? { phase: 'recording', level: level?.read() ?? 0, seconds } : previous));
      }, TICK_MS),
    };
    session.current = current;
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) current.chunks.push(event.data);
    };
    recorder.onstop = () => {
      release(current);
      if (session.current === current) session.current = undefined;
      if (current.discard) return;
      void transcribe(new Blob(current.chunks, { type: recorder.mimeType || current.chunks[0]?.type || 'audio/webm' }));
    };
    recorder.start();
    setState({ phase: 'recording', level: 0, seconds: 0 });
  }, [release, transcribe]);

  const stop = useCallback(() => {
    const current = session.current;
    if (current && current.recorder.state !== 'inactive') current.recorder.stop();
  }, []);

  const cancel = useCallback(() => {
    attempt.current += 1;
    const current = session.current;
    if (current) {
      current.discard = true;
      session.current = undefined;
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      release(current);
    }
    transcription.current?.abort();
    transcription.current = undefined;
    setState({ phase: 'idle' });
  }, [release]);

  const dismiss = useCallback(() => setState((previous) => (previous.phase === 'failed' ? { phase: 'idle' } : previous)), []);

  useEffect(
    () => () => {
      attempt.current += 1;
      const current = session.current;
      if (current) {
        current.discard = true;
        if (current.recorder.state !== 'inactive') current.recorder.stop();
        release(current);
      }
      transcription.current?.abort();
    },
    [release],
  );

  return { state, start, stop, cancel, dismiss };
}

/** What a refused getUserMedia means for the user. */
function microphoneProblem(error: unknown): VoiceProblem {
  const name = error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException) ? (error as Error).name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'no-microphone';
  if (name === 'TypeError') return 'unsupported';
  return 'microphone-failed';
}

/** The stream's loudness through an AnalyserNode; none where the browser has no AudioContext (the recording works without the meter). */
function analyse(stream: MediaStream): { context: AudioContext; read(): number } | undefined {
  const Context = typeof window !== 'undefined' ? (window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext) : undefined;
  if (!Context) return undefined;
  try {
    const context = new Context();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    return {
      context,
      read() {
        analyser.getByteTimeDomainData(samples);
        return levelOf(samples);
      },
    };
  } catch {
    return undefined;
  }
}
