import { Button } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useCanvasListQuery } from '../api/list-canvases';
import { useDisclosure } from '../hooks/use-disclosure';
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
  const { open, id, toggle, close, onKeyDown } = useDisclosure();
  const list = useCanvasListQuery(store, open ? conversationId : undefined);
  const choose = (action: () => void) => {
    close();
    action();
  };
  return (
    <div className="canvas-popover-anchor" onKeyDown={onKeyDown}>
      <Button variant="secondary" size="sm" {...toggle}>
        {t('canvas.new')}
      </Button>
      <div id={id} className="canvas-popover canvas-popover--up" role="group" aria-label={t('canvas.menu.label')} hidden={!open}>
        <Button variant="ghost" size="sm" onClick={() => choose(onNew)}>
          {t('canvas.menu.new')}
        </Button>
        {list.isFetching && list.data === undefined && <p className="canvas-popover__note">{t('canvas.menu.loading')}</p>}
        {list.data?.map((canvas) => (
          <Button key={canvas.id} variant="ghost" size="sm" onClick={() => choose(() => onOpen(canvas.id))}>
            {canvas.title}
          </Button>
        ))}
      </div>
    </div>
  );
}
