import { isImageFile } from '@assistant/contracts';
import { useEffect, useRef, type RefObject } from 'react';
import { pastedImageName } from '../model/pasted-image-name';

/**
 * Images pasted (Ctrl+V of a screenshot, a copied photo) anywhere in `root` (the conversation,
 * its message box above all) go to `onImages` instead of into the text; a paste without images
 * is left to the field. Clipboard images come as "image.png" or nameless: each gets a name of its
 * own with the time, which is also its alt text in the conversation.
 */
export function useImagePaste(root: RefObject<HTMLElement | null>, enabled: boolean, onImages: (files: File[]) => void): void {
  const onImagesRef = useRef(onImages);
  onImagesRef.current = onImages;
  useEffect(() => {
    const element = root.current;
    if (!enabled || !element) return;
    const onPaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? []).filter((file) => isImageFile(file));
      if (files.length === 0) return;
      event.preventDefault();
      const now = new Date();
      onImagesRef.current(
        files.map((file, index) => {
          const name = pastedImageName(file, now, index);
          return name === file.name ? file : new File([file], name, { type: file.type, lastModified: file.lastModified });
        }),
      );
    };
    element.addEventListener('paste', onPaste);
    return () => element.removeEventListener('paste', onPaste);
  }, [root, enabled]);
}
