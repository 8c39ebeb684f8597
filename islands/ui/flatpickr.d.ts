/** flatpickr's ESM locale files: each default-exports the locale table holding its one language. */
declare module 'flatpickr/dist/esm/l10n/*.js' {
  import type { CustomLocale } from 'flatpickr/dist/types/locale';
  const l10ns: Record<string, CustomLocale>;
  export default l10ns;
}
