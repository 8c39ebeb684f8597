import type { ComponentType, ReactNode } from 'react';
import { useHydrated } from './use-hydrated.ts';

/**
 * An island that renders only in the browser (its content comes from localStorage), as a
 * server-rendered island: on the server and on its first browser render it shows its children
 * (the page's placeholder, passed as the island's slot), then, once mounted, the real `Island`.
 *
 * Unlike `client:only`, it can take a hydration directive (`client:afterpaint`): the page paints
 * its static frame first and the island's JavaScript waits for that paint. `Island` is imported
 * statically, so the island is one module graph, preloaded side by side.
 */
export function renderedInBrowser<Props extends object>(
  Island: ComponentType<Props>,
): ComponentType<Props & { children?: ReactNode }> {
  function RenderedInBrowser({ children, ...props }: Props & { children?: ReactNode }) {
    const hydrated = useHydrated();
    return hydrated ? <Island {...(props as Props)} /> : children;
  }
  RenderedInBrowser.displayName = `RenderedInBrowser(${Island.displayName ?? Island.name})`;
  return RenderedInBrowser;
}
