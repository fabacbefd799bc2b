import type { Token } from 'marked';
import { memo, useMemo, useRef } from 'react';
import { useUiTexts, type UiTexts } from '../../core/ui-texts';
import { EMPTY_BLOCKS, lexBlocks, type BlockState } from './markdown-blocks';
import { MarkdownBlock } from './render-block';
import type { MarkdownProps } from './markdown';

interface GroupProps {
  tokens: readonly Token[];
  texts: UiTexts;
  headingOffset: number;
  complete: boolean;
}

/** A group of finished blocks: skipped as a whole while its token array stays the same. */
const BlockGroup = memo(function BlockGroup({ tokens, ...props }: GroupProps) {
  return tokens.map((token, index) => <MarkdownBlock key={index} token={token} {...props} />);
});

/** The renderer itself (its own chunk with marked): blocks lexed incrementally, finished ones kept. */
export default function MarkdownContent({ text, streaming = false, headingOffset = 2 }: MarkdownProps) {
  const texts = useUiTexts();
  const state = useRef<BlockState>(EMPTY_BLOCKS);
  const blocks = useMemo(() => {
    state.current = lexBlocks(state.current, text, streaming);
    return state.current;
  }, [text, streaming]);
  return (
    <>
      {blocks.stable.map((group, index) => (
        <BlockGroup key={index} tokens={group} texts={texts} headingOffset={headingOffset} complete />
      ))}
      <BlockGroup key="open" tokens={blocks.open} texts={texts} headingOffset={headingOffset} complete={!streaming} />
    </>
  );
}
