import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Text for a polite live region: announce() replaces it, so a screen reader reads each status
 * change once. The same text twice in a row is announced again (a zero-width change).
 */
export function useAnnouncer(): [message: string, announce: (text: string) => void] {
  const [message, setMessage] = useState('');
  const last = useRef('');
  const announce = useCallback((text: string) => {
    const next = text === last.current ? `${text}\u200b` : text;
    last.current = next;
    setMessage(next);
  }, []);
  useEffect(() => () => void (last.current = ''), []);
  return [message, announce];
}
