import type { Message } from '@assistant/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useStickToBottom } from '../hooks/use-stick-to-bottom';

/** From this many messages on, only the visible ones (and a few around them) are rendered. */
export const VIRTUALIZE_FROM = 50;

export interface MessageListProps {
  messages: readonly Message[];
  /** Changes whenever the shown content grows (a streamed chunk). */
  contentKey: unknown;
  /** Changes when a question is sent: follow the end again. */
  followKey: unknown;
  renderMessage(message: Message, index: number): ReactNode;
}

/**
 * The branch shown, as a labelled list in a scroll container that follows the end while an answer
 * streams. Long branches are virtualized (@tanstack/react-virtual, rows measured as rendered);
 * the list items keep their place in the whole list for screen readers (aria-setsize/posinset).
 */
export function MessageList(props: MessageListProps) {
  return props.messages.length >= VIRTUALIZE_FROM ? <VirtualMessageList {...props} /> : <PlainMessageList {...props} />;
}

function PlainMessageList({ messages, contentKey, followKey, renderMessage }: MessageListProps) {
  const { t } = useTranslation(NAMESPACE);
  const scroller = useRef<HTMLDivElement>(null);
  const onScroll = useStickToBottom(scroller, contentKey, followKey);
  return (
    <div ref={scroller} className="conversation__scroller" onScroll={onScroll} data-testid="conversation-scroller">
      <ol className="conversation__messages" aria-label={t('conversation.messages')}>
        {messages.map((message, index) => (
          // Keyed by place: switching a version keeps the row (and the focus on its switcher).
          <li key={index} className="conversation__row">
            {renderMessage(message, index)}
          </li>
        ))}
      </ol>
    </div>
  );
}

function VirtualMessageList({ messages, contentKey, followKey, renderMessage }: MessageListProps) {
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
  const onScroll = useStickToBottom(scroller, contentKey, followKey, scrollToEnd);
  const items = virtualizer.getVirtualItems();
  return (
    <div ref={scroller} className="conversation__scroller" onScroll={onScroll} data-testid="conversation-scroller">
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
  );
}
