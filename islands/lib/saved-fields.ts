import { tabStorage } from './tab-storage.ts';

/**
 * What a visitor typed in a form, kept in this tab's sessionStorage at every change so a refresh
 * keeps it (not the files, which a browser cannot store), and forgotten once the form is sent.
 * sessionStorage, not localStorage: a complaint or a message is personal and short-lived; closing
 * the tab is the visitor's way to make it go. Keys are versioned like the stores' keys.
 */

export const SAVED_FORM_PREFIX = 'portal.v1.form.';

/** The storage these helpers use; absent (private mode, server render) means nothing is kept. */
type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The saved values of `fields` for `form`: only those fields, only strings; anything else stored
 * (an older version, a hand edit) is ignored.
 */
export function readSavedFields<Field extends string>(
  form: string,
  fields: readonly Field[],
  storage: Storage | undefined = tabStorage(),
): Partial<Record<Field, string>> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(savedFieldsKey(form)) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const saved: Partial<Record<Field, string>> = {};
    for (const field of fields) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string') saved[field] = value;
    }
    return saved;
  } catch {
    return {};
  }
}

/** The storage key of `form`'s saved fields. */
export function savedFieldsKey(form: string): string {
  return SAVED_FORM_PREFIX + form;
}

export function saveFields(
  form: string,
  values: Readonly<Record<string, unknown>>,
  storage: Storage | undefined = tabStorage(),
): void {
  try {
    storage?.setItem(savedFieldsKey(form), JSON.stringify(values));
  } catch {
    // A full or refused storage: the form still works, only a refresh would lose it.
  }
}

export function forgetFields(form: string, storage: Storage | undefined = tabStorage()): void {
  try {
    storage?.removeItem(savedFieldsKey(form));
  } catch {
    // Nothing to forget.
  }
}

/** Where the claim number of the complaint just sent is kept for its confirmation page. */
const SENT_COMPLAINT_KEY = `${SAVED_FORM_PREFIX}complaintSent`;

/** A complaint was sent: its confirmation page shows its claim number. */
export function recordSentComplaint(claimNumber: string, storage: Storage | undefined = tabStorage()): void {
  try {
    storage?.setItem(SENT_COMPLAINT_KEY, claimNumber);
  } catch {
    // The confirmation page will send the visitor home; the complaint itself is sent.
  }
}

/** The claim number of the complaint sent from this tab, or '' when none was. */
export function sentComplaintNumber(storage: Storage | undefined = tabStorage()): string {
  try {
    return storage?.getItem(SENT_COMPLAINT_KEY) ?? '';
  } catch {
    return '';
  }
}
