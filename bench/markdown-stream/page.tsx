// The benchmark page (bundled by run.ts with esbuild, loaded in Chromium): three Markdown
// renderers fed the same answer chunk by chunk, each chunk rendered synchronously (flushSync) and
// timed; between chunks the page yields so effects and idle work run as they would in the app.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Streamdown } from 'streamdown';
import MarkdownContent from '../../shared/ui/src/components/markdown/markdown-content';

type Renderer = (props: { text: string; streaming: boolean }) => React.ReactNode;

const renderers: Record<string, Renderer> = {
  ours: ({ text, streaming }) => <MarkdownContent text={text} streaming={streaming} />,
  'react-markdown': ({ text }) => <ReactMarkdown remarkPlugins={[remarkGfm]}>{text}</ReactMarkdown>,
  streamdown: ({ text, streaming }) => <Streamdown isAnimating={streaming}>{text}</Streamdown>,
};

const yieldToBrowser = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

export interface StreamResult {
  /** Milliseconds of each chunk's synchronous render, in order. */
  chunks: number[];
  /** End offset of each chunk in the text. */
  ends: number[];
}

async function runStream(name: string, text: string, chunkSize: number): Promise<StreamResult> {
  const Render = renderers[name]!;
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const chunks: number[] = [];
  const ends: number[] = [];
  for (let end = Math.min(chunkSize, text.length); ; end = Math.min(end + chunkSize, text.length)) {
    const start = performance.now();
    flushSync(() => root.render(<Render text={text.slice(0, end)} streaming={end < text.length} />));
    chunks.push(performance.now() - start);
    ends.push(end);
    await yieldToBrowser();
    if (end >= text.length) break;
  }
  // Let late work (highlighting of the last code block) finish inside the measured span.
  await new Promise((resolve) => setTimeout(resolve, 200));
  root.unmount();
  container.remove();
  return { chunks, ends };
}

/** Renders each once with a short text, so lazily evaluated module code is not measured. */
async function warmUp(text: string) {
  for (const name of Object.keys(renderers)) await runStream(name, text, 200);
}

Object.assign(window, { runStream, warmUp, benchReady: true });
