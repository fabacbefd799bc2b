import { Button } from '@assistant/ui';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useCanvasListQuery } from '../api/list-canvases';
import type { ScopedCanvasStore } from '../store/use-canvas-store';
import '../canvas.css';

export interface CanvasMenuProps {
  store: ScopedCanvasStore;
  /** The open conversation (none yet: only a new document is offered; choosing it creates the conversation). */
  conversationId: string | undefined;
  onNew(): void;
  onOpen(canvasId: string): void;
}

/**
 * The composer's "Canvas" button: a new empty document, or one of the conversation's canvases
 * (most recently changed first). A disclosure; Escape closes it and returns to the button.
 */
export function CanvasMenu({ store, conversationId, onNew, onOpen }: CanvasMenuProps) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useCanvasListQuery(store, open ? conversationId : undefined);
  const choose = (action: () => void) => {
    setOpen(false);
    action();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div className="canvas-menu" onKeyDown={onKeyDown}>
      <Button ref={toggle} variant="secondary" size="sm" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {t('canvas.new')}
      </Button>
      <div id={id} className="canvas-menu__list" role="group" aria-label={t('canvas.menu.label')} hidden={!open}>
        <Button variant="ghost" size="sm" onClick={() => choose(onNew)}>
          {t('canvas.menu.new')}
        </Button>
        {list.isFetching && list.data === undefined && <p className="canvas-menu__note">{t('canvas.menu.loading')}</p>}
        {list.data?.map((canvas) => (
          <Button key={canvas.id} variant="ghost" size="sm" onClick={() => choose(() => onOpen(canvas.id))}>
            {canvas.title}
          </Button>
        ))}
      </div>
    </div>
  );
}
