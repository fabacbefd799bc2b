import { writeClipboardText } from '@assistant/platform';
import { memo, useEffect, useId, useState, type ReactNode } from 'react';
import type { UiTexts } from '../../core/ui-texts';
import { Button } from '../button';
import { loadSegmentHighlighter } from './highlight-code';
import { highlightInSlices, type HighlightProgress, type SliceOptions } from './highlight-in-slices';

export interface CodeBlockProps {
  code: string;
  language: string | undefined;
  /** Highlight once the block is finished; while it streams it is plain text (cheap per chunk). */
  highlight: boolean;
  texts: UiTexts;
  /** How highlighting is sliced (tests inject a clock and a yield; the defaults suit the app). */
  slicing?: Omit<SliceOptions, 'signal'>;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** A highlighted piece; memoized, so a slice renders only the pieces it added. */
const Piece = memo(function Piece({ nodes }: { nodes: ReactNode[] }) {
  return <>{nodes}</>;
});

/**
 * A fenced code block: its language, a copy button, and the code highlighted by lowlight.
 *
 * The code shows as plain text at once; once the block is finished it is highlighted in slices of
 * about 8 ms (highlight-in-slices.ts), each slice's pieces replacing the start of the plain text
 * as they come (only colours change: same font, same lines). A new code or unmounting stops it.
 */
export function CodeBlock({ code, language, highlight, texts, slicing }: CodeBlockProps) {
  const labelId = useId();
  const [progress, setProgress] = useState<HighlightProgress | null>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  useEffect(() => {
    setProgress(null);
    if (!highlight || !language) return;
    const controller = new AbortController();
    loadSegmentHighlighter(language)
      .then((highlighter) => {
        if (!highlighter || controller.signal.aborted) return;
        return highlightInSlices(code, highlighter, { ...slicing, signal: controller.signal, onProgress: setProgress });
      })
      .catch(() => undefined); // the plain code stays: highlighting is a nicety
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `slicing` is a test's fixed clock, read per code
  }, [code, language, highlight]);

  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), 2000);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyCode = () => void writeClipboardText(code).then((copied) => setCopy(copied ? 'copied' : 'failed'));

  return (
    <div className="ui-markdown__code" role="group" aria-labelledby={labelId}>
      <div className="ui-markdown__code-bar">
        <span id={labelId}>{texts.codeBlock(language)}</span>
        <Button variant="ghost" size="sm" onClick={copyCode}>
          {copy === 'copied' ? texts.codeCopied : texts.copyCode}
        </Button>
        <span className="ui-visually-hidden" aria-live="polite">
          {copy === 'copied' ? texts.codeCopied : copy === 'failed' ? texts.copyFailed : ''}
        </span>
      </div>
      <pre>
        <code className={language ? `language-${language}` : undefined}>
          {progress ? (
            <>
              {progress.pieces.map((piece) => (
                <Piece key={piece.start} nodes={piece.nodes} />
              ))}
              {code.slice(progress.end)}
            </>
          ) : (
            code
          )}
        </code>
      </pre>
    </div>
  );
}
