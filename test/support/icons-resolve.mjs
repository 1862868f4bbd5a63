// Loaded with --import by the unit tests' workers (vitest.config.ts): see icons-resolve-hooks.mjs.
import { register } from 'node:module';

register('./icons-resolve-hooks.mjs', import.meta.url);
