import { useEffect, useRef, useState, type DragEvent } from 'react';

function hasFiles(event: { dataTransfer: DataTransfer | null }): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

export interface FileDrop {
  /** Files are dragged over the area now. */
  dragging: boolean;
  /** To spread on the area. */
  handlers: {
    onDragEnter(event: DragEvent): void;
    onDragOver(event: DragEvent): void;
    onDragLeave(): void;
    onDrop(event: DragEvent): void;
  };
}

/**
 * Files dropped onto an area (an open conversation, a collection's drop zone): the handlers to
 * spread on it and whether files are dragged over it now. While `enabled`, files dropped elsewhere
 * on the page do nothing (the browser would open them and leave the page with its uploads).
 */
export function useFileDrop(enabled: boolean, onFiles: (files: File[]) => void): FileDrop {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child too: count them, so the highlight does not flicker.
  const depth = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    const ignore = (event: globalThis.DragEvent) => {
      if (hasFiles(event)) event.preventDefault();
    };
    window.addEventListener('dragover', ignore);
    window.addEventListener('drop', ignore);
    return () => {
      window.removeEventListener('dragover', ignore);
      window.removeEventListener('drop', ignore);
    };
  }, [enabled]);

  const handlers: FileDrop['handlers'] = {
    onDragEnter(event: DragEvent) {
      if (!enabled || !hasFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver(event: DragEvent) {
      if (!enabled || !hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave() {
      if (!enabled) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop(event: DragEvent) {
      if (!enabled || !hasFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      const files = Array.from(event.dataTransfer.files ?? []);
      if (files.length > 0) onFiles(files);
    },
  };
  return { dragging, handlers };
}
