import { describe, expect, it } from 'vitest';
import { activeIndex, carouselStep } from './carousel-step.ts';

describe('carouselStep', () => {
  it('When the carousel holds cards, then one click moves 260 px', () => {
    expect(carouselStep('card', 390)).toBe(260);
  });
  it('When it is the review carousel, then one click moves the window width minus 20 px', () => {
    expect(carouselStep('viewport', 390)).toBe(370);
    expect(carouselStep('viewport', 1280)).toBe(1260);
  });
  it('When the track is scrolled, then the nearest item is active', () => {
    expect(activeIndex(0, [0, 260, 520])).toBe(0);
    expect(activeIndex(300, [0, 260, 520])).toBe(1);
  });
});
