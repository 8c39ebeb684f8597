/**
 * The partner API client, loaded on first use. The client parses every answer with the schemas of
 * `contracts/`, whose construction is real work for a phone: a step renders from the draft first
 * and pays for the schemas in a task of their own, when it first calls the API.
 */
export function partnerApi(): Promise<typeof import('./partner-api.ts')> {
  return import('./partner-api.ts');
}
