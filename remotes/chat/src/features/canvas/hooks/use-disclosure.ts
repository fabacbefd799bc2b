import { useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A button that shows and hides a group of choices (the WAI-ARIA disclosure pattern), as the
 * canvas's export and the composer's canvas menu use it: `toggle` goes on the button
 * (aria-expanded, aria-controls = `id`), `onKeyDown` on the wrapper: Escape closes and returns the
 * focus to the button; `close` after a choice.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = (refocus = false) => {
    setOpen(false);
    if (refocus) toggleRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    event.stopPropagation();
    close(true);
  };
  const toggle = { ref: toggleRef, 'aria-expanded': open, 'aria-controls': id, onClick: () => setOpen(!open) };
  return { open, id, toggle, close, onKeyDown };
}
