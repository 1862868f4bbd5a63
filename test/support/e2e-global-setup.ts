import { buildFrontEndIfStale } from '../../scripts/front-end-build.mjs';

/** Browser tests run against the production bundle: build it first when it is stale. */
export default function setup(): void {
  buildFrontEndIfStale({ quiet: true });
}
