/** Default acquisition method: the specification's `{site}` placeholder, fixed to 'portail'. */
export const DEFAULT_ACQUISITION_METHOD = 'portail';

/**
 * `acquisition_methode` (spec 1 §7): the base (default 'portail'), `_{company}`, `_{from}`. An
 * empty base falls back to the default and is reported as error 640.
 */
export function acquisitionMethodOf(
  base: string,
  company: string,
  from: string,
): { value: string; usedFallback: boolean } {
  const usedFallback = base.trim() === '';
  const clean = (part: string) => part.replace(/[^A-Za-z0-9-]/g, '');
  const root = usedFallback
    ? DEFAULT_ACQUISITION_METHOD
    : base
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '');
  return { value: `${root || DEFAULT_ACQUISITION_METHOD}_${clean(company)}_${clean(from)}`, usedFallback };
}
