/** The portal's own `client:` directives (`astro.config.mjs`), known to the templates' types. */
declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrates on the visitor's first interaction with the island, or when idle after the load;
     * with storage keys (`"key key…"`), when idle only if one of them is there, and with `""`
     * never when idle (`islands/lib/hydrate-on-interaction.ts`).
     */
    'client:interaction'?: boolean | string;
    /**
     * Hydrates right after the page's first paint (`islands/lib/hydrate-after-paint.ts`); with a
     * name, once the page has also released that hold (`islands/lib/island-hold.ts`).
     */
    'client:afterpaint'?: boolean | string;
  }
}

export {};
