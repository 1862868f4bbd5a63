// `npm start`: builds whatever is missing or older than its sources (scripts/build.mjs), then runs
// the compiled server in this process (migrate, seed an empty database, listen). README "Running".
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { buildIfStale, SERVER_ENTRY } from './build.mjs';

if (process.env.SKIP_BUILD !== '1') await buildIfStale();
console.log('Starting the server…');
await import(pathToFileURL(resolve(SERVER_ENTRY)).href);
