import { useEffect, useState } from 'react';

/**
 * Whole seconds from `from` (an ISO time) to `to`, or to now while `to` is undefined (then it
 * counts on every second). undefined without `from`.
 */
export function useElapsedSeconds(from: string | undefined, to: string | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  const running = from !== undefined && to === undefined;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (from === undefined) return undefined;
  const end = to !== undefined ? Date.parse(to) : now;
  return Math.max(0, Math.floor((end - Date.parse(from)) / 1000));
}
