// `npm start`: builds the front end when dist/ is missing or older than its sources, then runs the
// server in this process (migrate, seed an empty database, listen). See README "Running".
import { buildFrontEndIfStale } from './front-end-build.mjs';

if (process.env.SKIP_BUILD !== '1') buildFrontEndIfStale();

const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
