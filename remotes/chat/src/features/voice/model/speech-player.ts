/**
 * The one reader of the page: only one answer is read at a time (reading another stops the
 * first), and it stops when no answer of its conversation is on screen any more (the user left
 * the conversation) or the page goes away. Two voices: the browser's speech synthesis in the
 * interface language, or the audio of the server's text-to-speech endpoint (played part by part,
 * the next part asked for while one plays). A store for useSyncExternalStore.
 */

export type ReadingStatus = 'loading' | 'speaking' | 'paused';

export interface SpeechPlayerState {
  /** The answer being read and how far. */
  reading?: { id: string; status: ReadingStatus };
  /** The answer whose reading failed last (until another is read). */
  failed?: { id: string; error: unknown };
}

/** Reads with the browser's voices: `lang` such as `de-DE`, the voice of that language picked when the browser has one. */
export interface BrowserVoice {
  kind: 'browser';
  lang: string;
}

/** Reads with the server's text-to-speech endpoint: `audioOf` fetches one part's audio. */
export interface EndpointVoice {
  kind: 'endpoint';
  audioOf(text: string, signal: AbortSignal): Promise<Blob>;
}

export interface ReadRequest {
  /** The answer (its message id). */
  id: string;
  /** The conversation it belongs to: leaving it stops the reading. */
  scope: string;
  /** The text in parts (speech-text.ts). */
  parts: readonly string[];
  voice: BrowserVoice | EndpointVoice;
}

/** Whether this browser can speak by itself. */
export function browserCanSpeak(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof window.SpeechSynthesisUtterance === 'function';
}

/** The browser's voice for a language tag: the same tag, else the same language (`de-AT` for `de-DE`), local voices first. */
export function voiceFor(voices: readonly SpeechSynthesisVoice[], lang: string): SpeechSynthesisVoice | undefined {
  const wanted = lang.toLowerCase();
  const language = wanted.split('-')[0]!;
  const local = [...voices].sort((a, b) => Number(b.localService) - Number(a.localService));
  return (
    local.find((voice) => voice.lang.toLowerCase().replace('_', '-') === wanted) ??
    local.find((voice) => voice.lang.toLowerCase().split(/[-_]/)[0] === language)
  );
}

/** How long a conversation may have no answer on screen before its reading stops (a re-render unmounts and mounts again). */
const LEAVE_GRACE_MS = 50;

export class SpeechPlayer {
  private state: SpeechPlayerState = {};
  private readonly listeners = new Set<() => void>();
  private readonly onScreen = new Map<string, number>();
  /** Which reading the callbacks belong to: a stopped one's late events change nothing. */
  private generation = 0;
  private scope: string | undefined;
  private stopCurrent: (() => void) | undefined;
  private pauseCurrent: ((paused: boolean) => void) | undefined;
  private pageListener = false;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getState = (): SpeechPlayerState => this.state;

  /** An answer of `scope` is on screen; the function answers that it is gone. */
  attach(scope: string): () => void {
    this.onScreen.set(scope, (this.onScreen.get(scope) ?? 0) + 1);
    return () => {
      const left = (this.onScreen.get(scope) ?? 1) - 1;
      if (left > 0) {
        this.onScreen.set(scope, left);
        return;
      }
      this.onScreen.delete(scope);
      setTimeout(() => {
        if (this.scope === scope && !this.onScreen.has(scope)) this.stop();
      }, LEAVE_GRACE_MS);
    };
  }

  read(request: ReadRequest): void {
    this.stop();
    const generation = ++this.generation;
    this.scope = request.scope;
    this.listenToPage();
    const current = () => generation === this.generation;
    const set = (status: ReadingStatus) => current() && this.update({ reading: { id: request.id, status } });
    const done = () => current() && this.end({});
    const fail = (error: unknown) => current() && this.end({ failed: { id: request.id, error } });
    if (request.parts.length === 0) return;
    if (request.voice.kind === 'browser') this.speakInBrowser(request.parts, request.voice.lang, { set, done, fail });
    else this.playFromEndpoint(request.parts, request.voice, { set, done, fail });
  }

  pause(): void {
    if (this.state.reading?.status !== 'speaking') return;
    this.pauseCurrent?.(true);
    this.update({ reading: { ...this.state.reading, status: 'paused' } });
  }

  resume(): void {
    if (this.state.reading?.status !== 'paused') return;
    this.pauseCurrent?.(false);
    this.update({ reading: { ...this.state.reading, status: 'speaking' } });
  }

  stop(): void {
    this.generation += 1;
    const stop = this.stopCurrent;
    this.stopCurrent = undefined;
    this.pauseCurrent = undefined;
    this.scope = undefined;
    stop?.();
    if (this.state.reading || this.state.failed) this.update({});
  }

  private speakInBrowser(parts: readonly string[], lang: string, on: Callbacks) {
    const synthesis = window.speechSynthesis;
    synthesis.cancel();
    const voice = voiceFor(synthesis.getVoices(), lang);
    parts.forEach((part, index) => {
      const utterance = new SpeechSynthesisUtterance(part);
      utterance.lang = voice?.lang ?? lang;
      if (voice) utterance.voice = voice;
      if (index === parts.length - 1) utterance.onend = on.done;
      // Cancelling (stop, another answer) interrupts the queue: that is no failure.
      utterance.onerror = (event) => {
        if (event.error !== 'interrupted' && event.error !== 'canceled') on.fail(new Error(`speech synthesis: ${event.error}`));
      };
      synthesis.speak(utterance);
    });
    this.stopCurrent = () => synthesis.cancel();
    this.pauseCurrent = (paused) => (paused ? synthesis.pause() : synthesis.resume());
    on.set('speaking');
  }

  private playFromEndpoint(parts: readonly string[], voice: EndpointVoice, on: Callbacks) {
    const controller = new AbortController();
    let audio: HTMLAudioElement | undefined;
    let url: string | undefined;
    const release = () => {
      audio?.pause();
      audio?.removeAttribute('src');
      if (url) URL.revokeObjectURL(url);
      audio = undefined;
      url = undefined;
    };
    this.stopCurrent = () => {
      controller.abort();
      release();
    };
    this.pauseCurrent = (paused) => {
      if (paused) audio?.pause();
      else void audio?.play().catch(on.fail);
    };
    on.set('loading');
    const run = async () => {
      let next = voice.audioOf(parts[0]!, controller.signal);
      for (let index = 0; index < parts.length; index += 1) {
        const blob = await next;
        if (controller.signal.aborted) return;
        // The next part is asked for while this one plays, so the reading runs on without a gap.
        if (index + 1 < parts.length) next = voice.audioOf(parts[index + 1]!, controller.signal);
        url = URL.createObjectURL(blob);
        const element = new Audio(url);
        audio = element;
        const ended = new Promise<void>((resolve, reject) => {
          element.onended = () => resolve();
          element.onerror = () => reject(new Error('the audio could not be played'));
        });
        // Paused between parts: the next part waits for Resume (which plays it).
        if (this.state.reading?.status !== 'paused') await element.play();
        if (this.state.reading?.status === 'loading') on.set('speaking');
        await ended;
        release();
      }
      on.done();
    };
    run().catch((error: unknown) => {
      if (!controller.signal.aborted) on.fail(error);
      release();
    });
  }

  private end(next: SpeechPlayerState) {
    this.stopCurrent = undefined;
    this.pauseCurrent = undefined;
    this.scope = undefined;
    this.update(next);
  }

  private update(next: SpeechPlayerState) {
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  private listenToPage() {
    if (this.pageListener || typeof window === 'undefined') return;
    this.pageListener = true;
    // Chromium goes on speaking after the page is left.
    window.addEventListener('pagehide', () => this.stop());
  }
}

interface Callbacks {
  set(status: ReadingStatus): void;
  done(): void;
  fail(error: unknown): void;
}

/** The page's reader. */
export const speechPlayer = new SpeechPlayer();
