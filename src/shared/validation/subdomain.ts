import { MESSAGES } from './messages';
import { ENVIRONMENT_LABELS, SUBDOMAIN_PATTERN } from '../tenancy/subdomain';

/**
 * Names no company may take: the environment labels of spec §1 (a company called "qa" would read
 * as an environment of the master host) and the hosts the platform keeps for itself.
 */
export const RESERVED_SUBDOMAINS: readonly string[] = [
  ...ENVIRONMENT_LABELS,
  'www',
  'master',
  'admin',
  'mail',
  'smtp',
  'static',
  'assets',
  'cdn',
  'help',
  'status',
  'localhost',
];

export const SUBDOMAIN_MESSAGES = {
  length: 'A subdomain has at most 63 characters.',
  characters: 'Use lower-case letters, digits and hyphens only.',
  edges: 'A subdomain starts and ends with a letter or a digit.',
  reserved: 'This subdomain is reserved.',
  taken: 'This subdomain is already taken.',
} as const;

/** The first thing wrong with a subdomain as a company's host label (DNS label rules), or null. */
export function subdomainProblem(value: string): string | null {
  if (value.trim() === '') return MESSAGES.required;
  if (value.length > 63) return SUBDOMAIN_MESSAGES.length;
  if (!/^[a-z0-9-]+$/.test(value)) return SUBDOMAIN_MESSAGES.characters;
  if (!SUBDOMAIN_PATTERN.test(value)) return SUBDOMAIN_MESSAGES.edges;
  if (RESERVED_SUBDOMAINS.includes(value)) return SUBDOMAIN_MESSAGES.reserved;
  return null;
}
