/**
 * The V8 flags the server process runs with. `npm start` passes them in package.json (a test keeps
 * the two equal); the benches and the browser tests start their servers with them too.
 *
 * A young generation of up to 32 MB a half instead of V8's 16: one booking grid answer builds
 * megabytes of rows that die with the request, and with the default they outlived several
 * scavenges and were copied into the old generation. The grid's two answers took 89 / 114 ms
 * (p50 / p95) with the default and 67 / 95 ms with it on the bench host; bookings a second did not
 * move; the event loop's p99 delay rose by 3–4 ms (longer scavenges), 128 MB was worse at p95.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
