/** One benchmark figure, printed as one JSON line on stdout (the contract of npm run bench). */
export function report(name: string, value: number, unit: string): void {
  process.stdout.write(JSON.stringify({ name, value: Math.round(value * 100) / 100, unit }) + '\n');
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** `runs` calls one after another, each answer read whole and required to succeed: the times, sorted (ms). */
export async function timedRuns(runs: number, call: () => Promise<Response>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    const response = await call();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`answer ${response.status}`);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}
