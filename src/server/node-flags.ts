/**
 * The V8 flags the server process runs with. `npm start` passes them in package.json (a test keeps
 * the two equal); the benches and the browser tests start their servers with them too.
 *
 * A young generation of up to 32 MB a half instead of V8's 16: one booking grid answer builds
 * megabytes of rows that die with the request, and with the default they outlived several
 * scavenges and were copied into the old generation. In interleaved pairs of grid bench runs the
 * pair of answers was faster with it in most (docs/client-start-up.md); bookings a second did
 * not move; the event loop's p99 delay rose by 3–4 ms (longer scavenges); 128 MB was worse at p95.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
