/** One benchmark figure, printed as one JSON line on stdout (the contract of npm run bench). */
export function report(name: string, value: number, unit: string): void {
  process.stdout.write(JSON.stringify({ name, value: Math.round(value * 100) / 100, unit }) + '\n');
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}
