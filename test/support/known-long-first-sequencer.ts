import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files known to run longest start first. Without a timing cache (a fresh clone, as in CI) vitest
 * orders files by size, which put the every-screen sweep's three 4-line files, each the longest of
 * its suite, last: one worker then ran two of them while the other sat idle.
 */
const KNOWN_LONG = [
  /every-screen-\d+\.e2e\.ts$/,
  /malformed-input\.test\.ts$/,
  /exclusive-resources\.test\.ts$/,
];

export default class KnownLongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLong = (file: TestSpecification) => KNOWN_LONG.some((pattern) => pattern.test(file.moduleId));
    return [...sorted.filter(isLong), ...sorted.filter((file) => !isLong(file))];
  }
}
