/** Pixels the action-card carousel moves per click (spec 1 §2). */
const CARD_STEP_PX = 260;
/** The review carousel moves by the window width minus this margin. */
const VIEWPORT_STEP_MARGIN_PX = 20;
/** How long the scroll listener stays paused while a smooth scroll runs. */
export const SCROLL_LISTENER_PAUSE_MS = 800;

export type CarouselKind = 'card' | 'viewport';

/** How far one click on previous/next scrolls. */
export function carouselStep(kind: CarouselKind, windowWidth: number): number {
  return kind === 'card' ? CARD_STEP_PX : Math.max(windowWidth - VIEWPORT_STEP_MARGIN_PX, 0);
}

/** The index of the item whose start is nearest the scroll position. */
export function activeIndex(scrollLeft: number, itemOffsets: readonly number[]): number {
  let best = 0;
  itemOffsets.forEach((offset, index) => {
    if (Math.abs(offset - scrollLeft) < Math.abs((itemOffsets[best] ?? 0) - scrollLeft)) best = index;
  });
  return best;
}
