import { useMemo, useRef } from 'react';
import { useUiTexts } from '../../core/ui-texts';
import { EMPTY_BLOCKS, lexBlocks, type BlockState } from './markdown-blocks';
import { MarkdownBlock } from './render-block';
import type { MarkdownProps } from './markdown';

/** The renderer itself (its own chunk with marked): blocks lexed incrementally, each memoized. */
export default function MarkdownContent({ text, streaming = false, headingOffset = 2 }: MarkdownProps) {
  const texts = useUiTexts();
  const state = useRef<BlockState>(EMPTY_BLOCKS);
  const blocks = useMemo(() => {
    state.current = lexBlocks(state.current, text);
    return state.current;
  }, [text]);
  return (
    <>
      {blocks.blocks.map((token, index) => (
        <MarkdownBlock
          key={index}
          token={token}
          texts={texts}
          headingOffset={headingOffset}
          complete={!streaming || index < blocks.stable.length}
        />
      ))}
    </>
  );
}
