import { createContext, useContext } from 'react';
import type { ScopedCanvasStore } from '../store/use-canvas-store';

/** What to show in the canvas panel: a stored canvas, or a new one made from `seed` (an answer, a report, nothing). */
export type CanvasOpenRequest = { conversationId: string } & ({ canvasId: string } | { seed: { title: string; markdown: string } });

/** Opens the canvas panel beside the conversation. */
export type OpenCanvas = (request: CanvasOpenRequest) => void;

/** What the chat page gives the conversation: the opener and the store of its canvases. */
export interface CanvasOpener {
  open: OpenCanvas;
  store: ScopedCanvasStore;
}

const CanvasOpenerContext = createContext<CanvasOpener | undefined>(undefined);

/** Provided by the chat page around the conversation; absent elsewhere, where nothing offers a canvas. */
export const CanvasOpenerProvider = CanvasOpenerContext.Provider;

export function useCanvasOpener(): CanvasOpener | undefined {
  return useContext(CanvasOpenerContext);
}
