import { buildIfStale } from '../../scripts/build.mjs';

/** A server test starts the compiled server (what npm start runs): build it first when stale. */
export default async function setup(): Promise<void> {
  await buildIfStale({ quiet: true, only: 'server' });
}
