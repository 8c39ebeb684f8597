import { startTransition, useEffect, useState } from 'react';

/**
 * False during the build's server render and the first browser render, true once mounted. Islands
 * whose content depends on localStorage render the same placeholder on both sides first, so
 * hydration never mismatches (a mismatch re-renders the island and logs an error). The switch to
 * the real content is a transition: React renders it in slices, so a long form does not block the
 * main thread in one piece while the page becomes interactive.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
