// Checks of the add-in's built manifests, offline: every URL on the one HTTPS origin (no localhost,
// no http:), the XML against Microsoft's XSDs (../shared/addin-schemas, beside the checkout on
// developer machines and in CI; they predate the unified manifest) and the unified manifest against
// the JSON schema @microsoft/app-manifest ships.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppManifestUtils } from '@microsoft/app-manifest';
import { UNIFIED_MANIFEST_VERSION } from './manifests.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const XSD_VALIDATOR = path.resolve(root, '..', 'shared', 'addin-schemas', 'validate-manifest.sh');

/** Namespaces and schema ids: names, never fetched by Outlook. */
const NOT_FETCHED =
  /^https?:\/\/(schemas\.microsoft\.com|www\.w3\.org|developer\.microsoft\.com\/json-schemas)\//;

/**
 * What in a manifest's text Outlook would fetch from anywhere but `origin`.
 * @param {string} text @param {string} origin @returns {string[]}
 */
export function originProblems(text, origin) {
  const problems = [];
  for (const [url] of text.matchAll(/https?:\/\/[^\s"'<>()]+/g)) {
    if (NOT_FETCHED.test(url)) continue;
    if (url.startsWith('http:')) problems.push(`not HTTPS: ${url}`);
    else if (/^https:\/\/(localhost|127\.|\[::1\])/.test(url)) problems.push(`names localhost: ${url}`);
    else if (url !== origin && !url.startsWith(`${origin}/`)) problems.push(`not on ${origin}: ${url}`);
  }
  return problems;
}

/**
 * The XML manifest against Microsoft's XSDs. `skipped` when the schemas are not beside the checkout.
 * @param {string} xml @returns {{ ok: boolean, skipped?: boolean, output: string }}
 */
export function validateXmlManifest(xml) {
  if (!existsSync(XSD_VALIDATOR))
    return {
      ok: false,
      skipped: true,
      output: `${XSD_VALIDATOR} is missing; the XML manifest was not checked.`,
    };
  const dir = mkdtempSync(path.join(tmpdir(), 'addin-manifest-'));
  try {
    const file = path.join(dir, 'manifest.xml');
    writeFileSync(file, xml);
    const result = spawnSync('bash', [XSD_VALIDATOR, file], { encoding: 'utf8' });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** @returns {object} the unified manifest's JSON schema, from the installed package (no network) */
function unifiedSchema() {
  const main = createRequire(import.meta.url).resolve('@microsoft/app-manifest');
  const file = path.join(
    path.dirname(main),
    'json-schemas',
    'teams',
    `v${UNIFIED_MANIFEST_VERSION}`,
    'MicrosoftTeams.schema.json',
  );
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The unified manifest's schema errors (none: valid).
 * @param {object} manifest @returns {Promise<string[]>}
 */
export async function unifiedManifestErrors(manifest) {
  return AppManifestUtils.validateAgainstSchema(manifest, unifiedSchema());
}
