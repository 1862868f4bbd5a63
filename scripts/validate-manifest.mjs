// `npm run validate:manifest`: checks the add-in's manifests offline: manifest.xml (development)
// and, built for an example HTTPS origin as a production build makes them, the XML manifest against
// Microsoft's add-in schemas (../shared/addin-schemas, beside the checkout on developer machines and
// in CI; the schema files never enter this project) and the unified manifest against the JSON
// schema @microsoft/app-manifest ships. The build itself checks the manifests it writes the same way.
import { readFileSync } from 'node:fs';
import { unifiedManifest, xmlManifest } from './addin/manifests.mjs';
import { originProblems, unifiedManifestErrors, validateXmlManifest } from './addin/verify.mjs';

const EXAMPLE_ORIGIN = 'https://rooms.example.com';
// With an app registration, so the WebApplicationInfo both manifests then carry is checked too.
const EXAMPLE_CLIENT_ID = '6f1a2b3c-4d5e-4f60-8a9b-0c1d2e3f4a5b';
const failures = [];

const dev = validateXmlManifest(readFileSync('manifest.xml', 'utf8'));
if (dev.skipped) {
  console.error(`validate:manifest: ${dev.output}`);
  if (process.env.CI) failures.push('the XML schemas are missing');
} else {
  console.log(`manifest.xml (development): ${dev.ok ? 'valid' : dev.output}`);
  if (!dev.ok) failures.push('manifest.xml');
  const built = xmlManifest(EXAMPLE_ORIGIN, EXAMPLE_CLIENT_ID);
  const production = validateXmlManifest(built);
  const problems = originProblems(built, EXAMPLE_ORIGIN);
  console.log(
    `manifest.xml for ${EXAMPLE_ORIGIN}: ${production.ok && !problems.length ? 'valid' : [production.output, ...problems].join('\n')}`,
  );
  if (!production.ok || problems.length) failures.push('the production manifest.xml');
}

const unified = unifiedManifest(EXAMPLE_ORIGIN, EXAMPLE_CLIENT_ID);
const errors = [
  ...(await unifiedManifestErrors(unified)),
  ...originProblems(JSON.stringify(unified), EXAMPLE_ORIGIN),
];
console.log(`unified manifest.json for ${EXAMPLE_ORIGIN}: ${errors.length ? errors.join('\n') : 'valid'}`);
if (errors.length) failures.push('the unified manifest');

if (failures.length) {
  console.error(`validate:manifest: invalid: ${failures.join(', ')}`);
  process.exit(1);
}
