/**
 * A promise settled in a task of its own (after the browser's pending input and rendering). An
 * island's modules are evaluated in one task; hydrating in the same task would add the first
 * render to it: one long task on a slow phone, which blocks a press and counts whole in the
 * blocking time. Awaited between the two, it makes them two shorter tasks.
 *
 * Inlined by the directives that use it: it stays small and imports nothing.
 */
export function nextTask(): Promise<void> {
  return new Promise((settle) => setTimeout(settle, 0));
}
