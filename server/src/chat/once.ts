/** `fn` run at most once, however often the result is called (side calls started from several places). */
export function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
