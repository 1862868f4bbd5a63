import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the ten test files that took longest, after the run's summary: the long poles of a
 * parallel run (files run side by side, the tests of a file one after another), so that CI's log
 * says where a slower suite comes from.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timed = testModules
      .map((module) => {
        const diagnostic = module.diagnostic();
        return {
          file: `${module.project.name}: ${relative(process.cwd(), module.moduleId)}`,
          ms: diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration,
        };
      })
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    if (timed.length === 0) return;
    const lines = timed.map(({ file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
    process.stdout.write(`\nSlowest test files:\n${lines.join('\n')}\n`);
  }
}
