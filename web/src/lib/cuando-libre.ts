/**
 * Runs `fn` once the page is idle, `maxMs` at most, in a task of its own; returns what cancels it.
 * Safari has no requestIdleCallback: there it runs in the next task.
 */
export function cuandoLibre(fn: () => void, maxMs: number): () => void {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(fn, { timeout: maxMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 0);
  return () => clearTimeout(id);
}
