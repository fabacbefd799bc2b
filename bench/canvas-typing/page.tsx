// The benchmark page (bundled by run.ts with esbuild, loaded in Chromium): the canvas editor of
// the chat remote (CanvasEditor, with its styles and texts) in a desktop-sized panel. run.ts types
// into it through the DevTools protocol; this page times each keystroke, loads and writes the
// document, and streams a model rewrite into a paragraph near its end.
import '@assistant/ui/styles.css';
import { createRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { CanvasEditor, type CanvasEditorHandle, type RewriteSession } from '../../remotes/chat/src/features/canvas/editor/canvas-editor';
import de from '../../remotes/chat/src/locales/de.json';
import en from '../../remotes/chat/src/locales/en.json';
import { addNamespace, initI18n } from '../../shared/platform/src/i18n/i18n';

interface ProseMirrorElement extends HTMLElement {
  editor?: {
    state: { doc: { content: { size: number }; descendants(f: (node: { isText: boolean; text?: string }, position: number) => boolean | void): void } };
    commands: { setTextSelection(position: number | { from: number; to: number }): boolean };
    view: { focus(): void };
  };
}

export interface Keystroke {
  /** From the event's time stamp to the start of the first keydown listener: waiting for the main thread. */
  delay: number;
  /** From the event's time stamp to the next animation frame after it was handled. */
  frame: number;
}

export interface EventEntry {
  name: string;
  duration: number;
  delay: number;
}

const handle = createRef<CanvasEditorHandle>();
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));
let recording = false;
let keystrokes: Keystroke[] = [];
let events: EventEntry[] = [];
let longTasks: number[] = [];
let stream: { session: RewriteSession; timer: number; updates: number } | null = null;

new PerformanceObserver((list) => {
  if (!recording) return;
  for (const entry of list.getEntries() as PerformanceEventTiming[]) {
    if (['keydown', 'keypress', 'beforeinput', 'input', 'keyup'].includes(entry.name)) {
      events.push({ name: entry.name, duration: entry.duration, delay: entry.processingStart - entry.startTime });
    }
  }
}).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
new PerformanceObserver((list) => {
  if (recording) for (const entry of list.getEntries()) longTasks.push(entry.duration);
}).observe({ type: 'longtask' });

// The first listener of all: a keydown's wait for the main thread, and its next frame.
window.addEventListener(
  'keydown',
  (event) => {
    if (!recording) return;
    const delay = performance.now() - event.timeStamp;
    requestAnimationFrame(() => keystrokes.push({ delay, frame: performance.now() - event.timeStamp }));
  },
  { capture: true },
);

const editorElement = () => document.querySelector<ProseMirrorElement>('.ProseMirror')!;

function positionAfter(text: string): number {
  const { editor } = editorElement();
  let found = -1;
  editor!.state.doc.descendants((node, position) => {
    if (found >= 0) return false;
    if (node.isText && node.text!.includes(text)) found = position + node.text!.indexOf(text) + text.length;
  });
  if (found < 0) throw new Error(`"${text}" not in the document`);
  return found;
}

/** Puts the caret after `text` (in the first section: where the user types). */
function placeCaret(text: string): void {
  const { editor } = editorElement();
  editor!.commands.setTextSelection(positionAfter(text));
  editor!.view.focus();
}

let mounted: { root: Root; container: HTMLElement } | null = null;

/** Mounts the editor with `markdown` as its initial document: the render, and until the next frame. */
async function mount(markdown: string): Promise<{ sync: number; frame: number }> {
  initI18n({ language: 'en' });
  addNamespace('chat', { de, en });
  if (mounted) {
    mounted.root.unmount();
    mounted.container.remove();
  }
  await nextFrame();
  const container = document.createElement('div');
  // A canvas panel beside the conversation on a desktop: the editor scrolls inside it.
  container.style.cssText = 'width: 760px; height: 900px; display: flex; flex-direction: column; border: 1px solid #ccc';
  document.body.append(container);
  const root = createRoot(container);
  mounted = { root, container };
  const start = performance.now();
  // The platform's i18n instance is react-i18next's default (as in the portal).
  flushSync(() => root.render(<CanvasEditor ref={handle} initialMarkdown={markdown} ariaLabel="Document" onChange={() => undefined} onInstruct={() => undefined} />));
  const sync = performance.now() - start;
  void document.body.offsetHeight;
  const frame = (await nextFrame()) - start;
  return { sync, frame };
}


/**
 * setMarkdown of the whole document (from an empty one): the synchronous part, and until the next
 * frame; then the first getMarkdown (every block written anew).
 */
async function load(markdown: string): Promise<{ sync: number; frame: number; serialize: number }> {
  handle.current!.setMarkdown('');
  await nextFrame();
  let start = performance.now();
  handle.current!.setMarkdown(markdown);
  const sync = performance.now() - start;
  // Layout of the new document happens before the next frame.
  void document.body.offsetHeight;
  const frame = (await nextFrame()) - start;
  start = performance.now();
  const written = handle.current!.getMarkdown();
  const serialize = performance.now() - start;
  if (written !== markdown) throw new Error('the document does not read back as it was written');
  return { sync, frame, serialize };
}

/** getMarkdown after a change of one block (a keystroke). */
function serializeAfterKeystroke(): number {
  const start = performance.now();
  handle.current!.getMarkdown();
  return performance.now() - start;
}

/** Starts a rewrite of the paragraph that contains `anchor`, fed `chunk` more characters of `replacement` every `interval` ms. */
function startStream(anchor: string, replacement: string, chunk: number, interval: number): { start: number; end: number } {
  const { editor } = editorElement();
  const end = positionAfter(anchor);
  const start = end - anchor.length;
  editor!.commands.setTextSelection({ from: start, to: end });
  const selection = handle.current!.captureSelection()!;
  const session = handle.current!.beginRewrite(selection);
  let sent = 0;
  const timer = window.setInterval(() => {
    sent = Math.min(replacement.length, sent + chunk);
    session.update(replacement.slice(0, sent));
    stream!.updates += 1;
    if (sent >= replacement.length) window.clearInterval(timer);
  }, interval);
  stream = { session, timer, updates: 0 };
  return selection.range;
}

/** Ends the rewrite with `finalText`: the updates sent, and how long finish took (with the final check against the server's text). */
function stopStream(finalText: string): { updates: number; finish: number } {
  if (!stream) return { updates: 0, finish: 0 };
  window.clearInterval(stream.timer);
  const start = performance.now();
  stream.session.finish(finalText);
  const finish = performance.now() - start;
  const { updates } = stream;
  stream = null;
  return { updates, finish };
}

function startRecording(): void {
  keystrokes = [];
  events = [];
  longTasks = [];
  recording = true;
}

async function stopRecording(): Promise<{ keystrokes: Keystroke[]; events: EventEntry[]; longTasks: number[] }> {
  // The last keystroke's frame, and the observers' last entries.
  await nextFrame();
  await new Promise((resolve) => setTimeout(resolve, 100));
  recording = false;
  return { keystrokes, events, longTasks };
}

const getMarkdown = () => handle.current!.getMarkdown();
const setMarkdown = (markdown: string) => handle.current!.setMarkdown(markdown);

Object.assign(window, { mount, load, serializeAfterKeystroke, placeCaret, startStream, stopStream, startRecording, stopRecording, getMarkdown, setMarkdown, benchReady: true });
