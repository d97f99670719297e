/** The last round of asking, shared by every call until it is older than `ttlMs` (calls during a round wait for it). */
export function reused<T>(ttlMs: number, ask: () => Promise<T>): () => Promise<T> {
  let last: { at: number; answer: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= ttlMs) last = { at: now, answer: ask() };
    return last.answer;
  };
}
