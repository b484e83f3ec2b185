/**
 * Runs `fn` once the next frame is out: a task queued from that frame's requestAnimationFrame runs after
 * the browser produced the frame. Work the visitor does not see (saving, drawing ahead) goes here, so it
 * never holds back the paint of what they asked for. Returns a cancel function (for effect clean-ups).
 */
export function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
