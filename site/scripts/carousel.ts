import { activeIndex, type CarouselKind, carouselStep, SCROLL_LISTENER_PAUSE_MS } from './carousel-step.ts';

/**
 * Carousels of the home page: previous/next buttons scroll the track smoothly by one step; the
 * scroll listener (which updates the buttons and the dots) is paused during the smooth scroll.
 */
for (const root of document.querySelectorAll<HTMLElement>('[data-carousel]')) {
  const track = root.querySelector<HTMLElement>('[data-carousel-track]');
  const previous = root.querySelector<HTMLButtonElement>('[data-carousel-prev]');
  const next = root.querySelector<HTMLButtonElement>('[data-carousel-next]');
  const dots = [...root.querySelectorAll<HTMLElement>('[data-carousel-dot]')];
  if (!track) continue;
  const kind = (root.dataset.carousel === 'viewport' ? 'viewport' : 'card') satisfies CarouselKind;
  let listening = true;
  let resume: number | undefined;

  const update = () => {
    const max = track.scrollWidth - track.clientWidth;
    if (previous) previous.disabled = track.scrollLeft <= 1;
    if (next) next.disabled = track.scrollLeft >= max - 1;
    const offsets = [...track.children].map((child) => (child as HTMLElement).offsetLeft - track.offsetLeft);
    const current = activeIndex(track.scrollLeft, offsets);
    for (const [index, dot] of dots.entries()) dot.classList.toggle('is-active', index === current);
  };
  const move = (direction: 1 | -1) => {
    listening = false;
    window.clearTimeout(resume);
    track.scrollBy({ left: direction * carouselStep(kind, window.innerWidth), behavior: 'smooth' });
    resume = window.setTimeout(() => {
      listening = true;
      update();
    }, SCROLL_LISTENER_PAUSE_MS);
  };
  previous?.addEventListener('click', () => move(-1));
  next?.addEventListener('click', () => move(1));
  track.addEventListener('scroll', () => listening && update(), { passive: true });
  window.addEventListener('resize', update, { passive: true });
  update();
}
