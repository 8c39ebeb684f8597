/**
 * The hold client-file's island waits for (`client:afterpaint={CLIENT_FILE_HOLD}`,
 * islands/lib/island-hold.ts), released once the page has drawn the file's first block from its
 * early answer (early-claim.ts). A module of its own: the page's script names it without loading
 * what draws.
 */
export const CLIENT_FILE_HOLD = 'client-file';
