// Fakes of the browser's audio for the voice tests: the microphone (getUserMedia), MediaRecorder,
// an AudioContext whose AnalyserNode reports a set loudness, and speechSynthesis with its utterances.
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';

// The test environment's FormData is Node's: the recording goes into it as Node's Blob and File (as the browser's are one).
const jsdomFile = { Blob: globalThis.Blob, File: globalThis.File };

/** The loudness the fake analyser reports, 0 to 1 of full scale. */
export const microphone = { amplitude: 0.2, tracks: [] as Array<{ stop: jest.Mock }> };

export class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type.startsWith('audio/webm');
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: MediaStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new NodeBlob(['fake opus audio'], { type: this.mimeType }) as unknown as Blob });
    this.onstop?.();
  }
}

class FakeAudioContext {
  static closed = 0;
  createAnalyser() {
    return {
      fftSize: 2048,
      getByteTimeDomainData(samples: Uint8Array) {
        const swing = Math.round(microphone.amplitude * 127);
        samples.forEach((_, index) => (samples[index] = index % 2 === 0 ? 128 + swing : 128 - swing));
      },
    };
  }
  createMediaStreamSource() {
    return { connect: () => undefined };
  }
  close() {
    FakeAudioContext.closed += 1;
    return Promise.resolve();
  }
}

/** Installs the microphone: `getUserMedia` answers a stream (or the given refusal). */
export function installMicrophone(refusal?: { name: string }) {
  microphone.tracks = [];
  FakeMediaRecorder.instances = [];
  const getUserMedia = jest.fn(async () => {
    if (refusal) throw Object.assign(new Error(refusal.name), { name: refusal.name });
    const track = { stop: jest.fn() };
    microphone.tracks.push(track);
    return { getTracks: () => [track] } as unknown as MediaStream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  Object.defineProperty(window, 'MediaRecorder', { configurable: true, writable: true, value: FakeMediaRecorder });
  Object.defineProperty(window, 'AudioContext', { configurable: true, writable: true, value: FakeAudioContext });
  Object.assign(globalThis, { Blob: NodeBlob, File: NodeFile });
  return getUserMedia;
}

export function removeMicrophone() {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(window, 'MediaRecorder');
  Reflect.deleteProperty(window, 'AudioContext');
  Object.assign(globalThis, jsdomFile);
}

export class FakeUtterance {
  lang = '';
  voice: { lang: string; name: string } | null = null;
  onend: (() => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  constructor(readonly text: string) {}
}

/** speechSynthesis as Chromium has it, with a German and an English voice; `spoken` are the utterances queued. */
export function installSpeechSynthesis() {
  const synthesis = {
    spoken: [] as FakeUtterance[],
    paused: false,
    speak: jest.fn((utterance: FakeUtterance) => void synthesis.spoken.push(utterance)),
    cancel: jest.fn(() => {
      const queued = synthesis.spoken.splice(0);
      for (const utterance of queued) utterance.onerror?.({ error: 'interrupted' });
    }),
    pause: jest.fn(() => void (synthesis.paused = true)),
    resume: jest.fn(() => void (synthesis.paused = false)),
    getVoices: () => [
      { lang: 'en-US', name: 'English (US)', localService: true },
      { lang: 'de-DE', name: 'Deutsch', localService: true },
      { lang: 'en-GB', name: 'English (UK)', localService: false },
    ],
    /** The queue is read to its end. */
    finish() {
      const queued = synthesis.spoken.splice(0);
      queued.at(-1)?.onend?.();
    },
  };
  Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: synthesis });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { configurable: true, writable: true, value: FakeUtterance });
  return synthesis;
}

export function removeSpeechSynthesis() {
  Reflect.deleteProperty(window, 'speechSynthesis');
  Reflect.deleteProperty(window, 'SpeechSynthesisUtterance');
}
