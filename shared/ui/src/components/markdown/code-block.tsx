import { useEffect, useId, useState, type ReactNode } from 'react';
import type { UiTexts } from '../../core/ui-texts';
import { Button } from '../button';
import { highlightCode } from './highlight-code';

export interface CodeBlockProps {
  code: string;
  language: string | undefined;
  /** Highlight once the block is finished; while it streams it is plain text (cheap per chunk). */
  highlight: boolean;
  texts: UiTexts;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** A fenced code block: its language, a copy button, and the code highlighted by lowlight. */
export function CodeBlock({ code, language, highlight, texts }: CodeBlockProps) {
  const labelId = useId();
  const [highlighted, setHighlighted] = useState<ReactNode>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  useEffect(() => {
    setHighlighted(null);
    if (!highlight || !language) return;
    let current = true;
    highlightCode(code, language).then(
      (nodes) => current && setHighlighted(nodes),
      () => undefined, // the plain code stays: highlighting is a nicety
    );
    return () => {
      current = false;
    };
  }, [code, language, highlight]);

  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), 2000);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyCode = () => {
    const clipboard = globalThis.navigator?.clipboard;
    if (!clipboard) return setCopy('failed');
    clipboard.writeText(code).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

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
        <code className={language ? `language-${language}` : undefined}>{highlighted ?? code}</code>
      </pre>
    </div>
  );
}
