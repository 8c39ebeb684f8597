/**
 * Runs `then` once the page has painted its frame (the browser reports the first contentful paint
 * once that frame is on screen). A page that reports no paint (hidden at load, or a browser without
 * paint timing) runs it a second after its load.
 */
export function afterFirstPaint(then: () => void): void {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    then();
  };
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    once();
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    once();
  }).observe({ type: 'paint', buffered: true });
  if (document.readyState === 'complete') setTimeout(once, 1_000);
  else addEventListener('load', () => setTimeout(once, 1_000), { once: true });
}
