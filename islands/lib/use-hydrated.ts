import { useEffect, useState } from 'react';

/**
 * False during the build's server render and the first browser render, true once mounted. Islands
 * whose content depends on localStorage render the same placeholder on both sides first, so
 * hydration never mismatches (a mismatch re-renders the island and logs an error).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
