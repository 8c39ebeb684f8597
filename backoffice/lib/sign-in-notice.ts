import type { StaffIdentitySchema } from '../../contracts/backoffice.ts';

/**
 * What a sign-in told about wrong passwords typed for the account since its last one, kept for
 * this tab (sessionStorage) from the sign-in page to the dashboard, which shows it until staff
 * dismiss it. Each sign-in replaces it (a colleague signing in on the same tab sees their own).
 */

type FailedSignIns = NonNullable<ReturnType<typeof StaffIdentitySchema.parse>['datas']['failedSignIns']>;

const KEY = 'bo_sign_in_notice';

/** Keeps `failed` for the dashboard, or forgets the last one when there is none. */
export function rememberSignInNotice(failed: FailedSignIns | undefined): void {
  try {
    if (failed && failed.count > 0) sessionStorage.setItem(KEY, JSON.stringify(failed));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode, quota): the notice is only a courtesy.
  }
}

/** The notice kept by the last sign-in of this tab, or undefined. */
export function readSignInNotice(): FailedSignIns | undefined {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const { count, since } = value as { count?: unknown; since?: unknown };
    return typeof count === 'number' && typeof since === 'string' ? { count, since } : undefined;
  } catch {
    return undefined;
  }
}

export function forgetSignInNotice(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
