import type { Message } from '@assistant/contracts';
import { Button, cx } from '@assistant/ui';
import { memo, startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useNearRows } from '../hooks/use-near-rows';
import { useStickToBottom, type StickToBottom } from '../hooks/use-stick-to-bottom';
import { MessageText } from './message-text';

/** The newest messages are always rendered in full: the list opens there and an answer streams there. */
export const FULL_AT_END = 8;

export interface MessageListProps {
  messages: readonly Message[];
  /** Changes whenever the shown content grows (a streamed chunk). */
  contentKey: unknown;
  /** Changes when a question is sent: follow the end again. */
  followKey: unknown;
  renderMessage(message: Message, index: number): ReactNode;
  /** After "jump to latest" (the view puts the focus back into the composer). */
  onJumped?(): void;
}

/**
 * The branch shown, as a labelled list in its own scroll container (the page does not scroll) that
 * starts at the latest message and follows the end while an answer streams; scrolled up, a
 * "Jump to latest" button brings the reader back and follows again.
 *
 * Every message stays in the list, so find in page and a screen reader's reading order cover the
 * whole conversation. Only the newest messages and those near the visible part are rendered in
 * full (Markdown, code, tables, actions, sources); the others as their heading and text
 * (MessageText), which the browser skips laying out while they are off screen
 * (`content-visibility: auto`, sized by the last size it saw or an estimate). Rows are memoized:
 * while an answer streams only its row renders again.
 */
export function MessageList({ messages, contentKey, followKey, renderMessage, onJumped }: MessageListProps) {
  const { t } = useTranslation(NAMESPACE);
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useStickToBottom(scroller, contentKey, followKey);
  const near = useNearRows(scroller);
  const labels = useMemo(() => ({ question: t('conversation.question'), answer: t('conversation.answer') }), [t]);
  const count = messages.length;
  const firstMounted = useMountedFrom(count);
  const fullFrom = count - FULL_AT_END;
  const blocks = useBlocks(messages, firstMounted);
  const rows = blocks.map((block) => (
    <MessageBlock
      key={Math.floor(block.first / BLOCK_SIZE)}
      messages={block.messages}
      first={block.first}
      // Only blocks with rows among the newest need to know where they start.
      fullFrom={block.first + block.messages.length > fullFrom ? fullFrom : undefined}
      labels={labels}
      observe={near.observe}
      isNear={near.isNear}
      renderMessage={renderMessage}
    />
  ));
  return (
    <div className="conversation__scroll-area">
      <div
        ref={scroller}
        // Reading further up, the browser keeps the view steady while rows above it take their real size.
        className={cx('conversation__scroller', !stick.following && 'conversation__scroller--reading')}
        onScroll={stick.onScroll}
        data-testid="conversation-scroller"
      >
        {/* A list by its roles: its rows are grouped in blocks (generic, not in the accessibility tree), which <ol> would not allow. */}
        <div role="list" className="conversation__messages" aria-label={t('conversation.messages')}>
          {rows}
        </div>
      </div>
      <JumpToLatest stick={stick} onJumped={onJumped} />
    </div>
  );
}

/** Rows mounted at first, the newest: enough to fill the view; the older ones follow as a transition. */
export const FIRST_MOUNTED = 40;

/**
 * The index of the first message in the list. A long conversation opens with its newest
 * FIRST_MOUNTED messages; the older ones are added right after the first paint, as a transition
 * (React yields to input and paint between rows), so opening does not wait for them.
 */
function useMountedFrom(count: number): number {
  const [all, setAll] = useState(count <= FIRST_MOUNTED);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  return all ? 0 : Math.max(0, count - FIRST_MOUNTED);
}

/** Rows per block: a block whose messages did not change is skipped as a whole. */
const BLOCK_SIZE = 50;

interface Block {
  /** The index of `messages[0]` in the branch (a multiple of BLOCK_SIZE, or the first mounted row). */
  first: number;
  messages: readonly Message[];
}

/**
 * The mounted messages in blocks of BLOCK_SIZE by place. A block holding the same messages as
 * before keeps its array, so its memoized component, and every row in it, is skipped: while an
 * answer streams React visits the last block only, not every row of a long list.
 */
function useBlocks(messages: readonly Message[], firstMounted: number): Block[] {
  const previous = useRef(new Map<number, Block>());
  const blocks: Block[] = [];
  const next = new Map<number, Block>();
  for (let start = firstMounted - (firstMounted % BLOCK_SIZE); start < messages.length; start += BLOCK_SIZE) {
    const first = Math.max(start, firstMounted);
    const items = messages.slice(first, start + BLOCK_SIZE);
    const before = previous.current.get(start);
    const same = before !== undefined && before.first === first && before.messages.length === items.length && before.messages.every((item, index) => item === items[index]);
    const block = same ? before : { first, messages: items };
    next.set(start, block);
    blocks.push(block);
  }
  previous.current = next;
  return blocks;
}

interface MessageBlockProps {
  messages: readonly Message[];
  first: number;
  /** Rows from this index on are among the newest (always in full); undefined: none in this block. */
  fullFrom: number | undefined;
  labels: { question: string; answer: string };
  observe(element: HTMLElement | null): (() => void) | undefined;
  isNear(index: number): boolean;
  renderMessage(message: Message, index: number): ReactNode;
}

/**
 * One block of rows, also in the page: a streamed answer growing in the last block makes the
 * browser lay out that block's rows and the blocks, not every row of a long list.
 */
const MessageBlock = memo(function MessageBlock({ messages, first, fullFrom, labels, observe, isNear, renderMessage }: MessageBlockProps) {
  return (
    <div className="conversation__block">
      {messages.map((message, offset) => {
        const index = first + offset;
        return (
          // Keyed by place: switching a version keeps the row (and the focus on its switcher).
          <MessageRow
            key={index}
            index={index}
            message={message}
            label={message.role === 'user' ? labels.question : labels.answer}
            observe={observe}
            render={(fullFrom !== undefined && index >= fullFrom) || isNear(index) ? renderMessage : undefined}
          />
        );
      })}
    </div>
  );
});

interface MessageRowProps {
  index: number;
  message: Message;
  label: string;
  observe(element: HTMLElement | null): (() => void) | undefined;
  /** Renders the message in full; absent: its text only. */
  render: ((message: Message, index: number) => ReactNode) | undefined;
}

/** One row; a row shown as text renders again only when its message changes. */
const MessageRow = memo(function MessageRow({ index, message, label, observe, render }: MessageRowProps) {
  return (
    <div role="listitem" ref={observe} data-index={index} className={cx('conversation__row', !render && 'conversation__row--text')}>
      {render ? render(message, index) : <MessageText message={message} label={label} />}
    </div>
  );
});

function JumpToLatest({ stick, onJumped }: { stick: StickToBottom; onJumped: (() => void) | undefined }) {
  const { t } = useTranslation(NAMESPACE);
  if (stick.following) return null;
  return (
    <div className="conversation__jump">
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          stick.jumpToLatest();
          onJumped?.();
        }}
      >
        {t('conversation.jumpToLatest')}
      </Button>
    </div>
  );
}
