/**
 * spec §1: the company is the host part left of the last 2 labels, or left of the last 3 labels
 * when the label before those two names an environment (dev-ui, qa, staging, api, preprod).
 * No subdomain means the master area.
 */
export const ENVIRONMENT_LABELS = ['dev-ui', 'qa', 'staging', 'api', 'preprod'] as const;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export function subdomainFromHost(host: string): string | null {
  const name = stripPort(host.trim().toLowerCase()).replace(/\.$/, '');
  if (name === '' || IPV4.test(name) || name.startsWith('[')) return null;
  const labels = name.split('.');
  const environment =
    labels.length >= 3 && (ENVIRONMENT_LABELS as readonly string[]).includes(labels[labels.length - 3]!);
  const kept = labels.slice(0, labels.length - (environment ? 3 : 2));
  return kept.length > 0 ? kept.join('.') : null;
}

/** The host of a company's site, given the master host it belongs to (acme + workplace.localhost:8080). */
export function companyHost(masterHost: string, subdomain: string): string {
  return `${subdomain}.${masterHost}`;
}

/** The master host a company host belongs to (acme.workplace.localhost:8080 → workplace.localhost:8080). */
export function masterHostOf(host: string): string {
  const sub = subdomainFromHost(host);
  return sub ? host.slice(sub.length + 1) : host;
}

function stripPort(host: string): string {
  if (host.startsWith('[')) return host; // IPv6 literal
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

/** A subdomain a company may register: lowercase letters, digits and inner hyphens. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
