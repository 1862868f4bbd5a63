import { COMPANY_PREFIX, MASTER_PREFIX } from '../../shared/contract/common';
import { subdomainFromHost } from '../../shared/tenancy/subdomain';
import { readStored } from '../session/storage';

/**
 * Where this bundle runs. The task pane's host (where taskpane.html is served) names no company, so
 * there the company subdomain comes from the login answer, kept in storage (ARCHITECTURE.md).
 */
export type AppMode = 'browser' | 'addin' | 'scheduler';

let mode: AppMode = 'browser';

export function setAppMode(next: AppMode): void {
  mode = next;
}

export function appMode(): AppMode {
  return mode;
}

export function currentSubdomain(): string | null {
  if (mode === 'addin') return readStored('subdomain');
  return typeof location === 'undefined' ? null : subdomainFromHost(location.host);
}

export type ApiPrefix = typeof COMPANY_PREFIX | typeof MASTER_PREFIX;

/** spec §7: company calls under company/v1 on a company site, master calls otherwise. */
export function apiPrefix(): ApiPrefix {
  return currentSubdomain() ? COMPANY_PREFIX : MASTER_PREFIX;
}

export function isCompanyContext(): boolean {
  return currentSubdomain() !== null;
}

/** Base URL of the API from the build environment; '' means the page's own origin. */
export function apiBaseUrl(): string {
  const fromBuild = process.env.API_BASE_URL ?? '';
  if (fromBuild) return fromBuild.replace(/\/+$/, '');
  return typeof location === 'undefined' ? 'http://localhost' : location.origin;
}
