import { useRef, type KeyboardEvent } from 'react';
import { isSendKey } from './send-key';

/** The props of a question box that make Enter send (spread onto the text area). */
export interface SendOnEnterHandlers {
  onKeyDown(event: KeyboardEvent<Element>): void;
  onCompositionStart(): void;
  onCompositionEnd(): void;
}

/**
 * Enter calls `send` instead of adding a line; Shift+Enter adds a line; nothing while an input
 * method composes (between the box's compositionstart and compositionend, or as the keydown says).
 */
export function useSendOnEnter(send: () => void): SendOnEnterHandlers {
  const composing = useRef(false);
  return {
    onKeyDown(event) {
      if (!isSendKey(event.nativeEvent, composing.current)) return;
      event.preventDefault();
      send();
    },
    onCompositionStart: () => {
      composing.current = true;
    },
    onCompositionEnd: () => {
      composing.current = false;
    },
  };
}
