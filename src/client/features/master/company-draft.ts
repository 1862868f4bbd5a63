import { useSyncExternalStore } from 'react';

/**
 * The add-company form while it is being filled in. Its pickers are sub-screens that replace the
 * form on screen (the router does not nest them), so what was typed and picked waits here, in
 * sessionStorage: it also outlives a reload of the tab, and ends with the tab or once the company is
 * created. Values are the form's text; a picker keeps an id (or the IANA timezone) as text.
 */
export const COMPANY_DRAFT_KEY = 'masterAddCompanyDraft';

export const EMPTY_COMPANY_DRAFT = {
  name: '',
  subdomain: '',
  admin_email: '',
  admin_first_name: '',
  admin_last_name: '',
  country_id: '',
  language_id: '',
  timezone: '',
  data_region_id: '',
  company_type_id: '',
};
export type CompanyDraft = typeof EMPTY_COMPANY_DRAFT;
export type CompanyDraftField = keyof CompanyDraft;

function load(): CompanyDraft {
  try {
    const stored = globalThis.sessionStorage?.getItem(COMPANY_DRAFT_KEY);
    if (!stored) return EMPTY_COMPANY_DRAFT;
    const parsed = JSON.parse(stored) as Record<string, unknown>;
    // Only the form's own fields, and only text: a draft written by an older build cannot break it.
    const draft = { ...EMPTY_COMPANY_DRAFT };
    for (const field of Object.keys(draft) as CompanyDraftField[])
      if (typeof parsed[field] === 'string') draft[field] = parsed[field];
    return draft;
  } catch {
    // unreadable or unavailable storage: start afresh
    return EMPTY_COMPANY_DRAFT;
  }
}

let draft: CompanyDraft | null = null;
const listeners = new Set<() => void>();

function write(next: CompanyDraft | null): void {
  draft = next;
  try {
    if (next === null) globalThis.sessionStorage?.removeItem(COMPANY_DRAFT_KEY);
    else globalThis.sessionStorage?.setItem(COMPANY_DRAFT_KEY, JSON.stringify(next));
  } catch {
    // the draft then lives only as long as the page
  }
  for (const listener of listeners) listener();
}

export function readCompanyDraft(): CompanyDraft {
  draft ??= load();
  return draft;
}

export function keepInCompanyDraft(change: Partial<CompanyDraft>): void {
  write({ ...readCompanyDraft(), ...change });
}

/** After the company was created: the next add-company starts empty. */
export function clearCompanyDraft(): void {
  write(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCompanyDraft(): CompanyDraft {
  return useSyncExternalStore(subscribe, readCompanyDraft, readCompanyDraft);
}
