// `npm run validate:manifest`: checks manifest.xml against Microsoft's official add-in schemas,
// offline, with ../shared/addin-schemas/validate-manifest.sh when that folder is beside the checkout
// (it is on developer machines and in CI). The schema files never enter this project.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const validator = resolve('..', 'shared', 'addin-schemas', 'validate-manifest.sh');
if (!existsSync(validator)) {
  console.error(`validate:manifest: ${validator} is missing; cannot check manifest.xml against the schemas.`);
  process.exit(process.env.CI ? 1 : 0);
}
const result = spawnSync('bash', [validator, 'manifest.xml'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
