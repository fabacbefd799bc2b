import type { Message } from '@assistant/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button } from '@assistant/ui';
import { useCallback, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useStickToBottom, type StickToBottom } from '../hooks/use-stick-to-bottom';

/** From this many messages on, only the visible ones (and a few around them) are rendered. */
export const VIRTUALIZE_FROM = 50;

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
 * "Jump to latest" button brings the reader back and follows again. Long branches are virtualized (@tanstack/react-virtual, rows measured as rendered);
 * the list items keep their place in the whole list for screen readers (aria-setsize/posinset).
 */
export function MessageList(props: MessageListProps) {
  return props.messages.length >= VIRTUALIZE_FROM ? <VirtualMessageList {...props} /> : <PlainMessageList {...props} />;
}

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

function PlainMessageList({ messages, contentKey, followKey, renderMessage, onJumped }: MessageListProps) {
  const { t } = useTranslation(NAMESPACE);
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useStickToBottom(scroller, contentKey, followKey);
  return (
    <div className="conversation__scroll-area">
    <div ref={scroller} className="conversation__scroller" onScroll={stick.onScroll} data-testid="conversation-scroller">
      <ol className="conversation__messages" aria-label={t('conversation.messages')}>
        {messages.map((message, index) => (
          // Keyed by place: switching a version keeps the row (and the focus on its switcher).
          <li key={index} className="conversation__row">
            {renderMessage(message, index)}
          </li>
        ))}
      </ol>
    </div>
    <JumpToLatest stick={stick} onJumped={onJumped} />
    </div>
  );
}

function VirtualMessageList({ messages, contentKey, followKey, renderMessage, onJumped }: MessageListProps) {
  const { t } = useTranslation(NAMESPACE);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 160,
    overscan: 6,
    initialOffset: () => Number.MAX_SAFE_INTEGER,
  });
  const count = messages.length;
  const scrollToEnd = useCallback(() => {
    if (count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' });
  }, [virtualizer, count]);
  const stick = useStickToBottom(scroller, contentKey, followKey, scrollToEnd);
  const items = virtualizer.getVirtualItems();
  return (
    <div className="conversation__scroll-area">
    <div ref={scroller} className="conversation__scroller" onScroll={stick.onScroll} data-testid="conversation-scroller">
      <ol className="conversation__messages conversation__messages--virtual" aria-label={t('conversation.messages')} style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => (
          <li
            key={item.index}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className="conversation__row"
            aria-setsize={count}
            aria-posinset={item.index + 1}
            style={{ transform: `translateY(${item.start}px)` }}
          >
            {renderMessage(messages[item.index]!, item.index)}
          </li>
        ))}
      </ol>
    </div>
    <JumpToLatest stick={stick} onJumped={onJumped} />
    </div>
  );
}
