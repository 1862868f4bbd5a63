import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { floorPlanSvg } from '../../seed/demo-levels';
import { inspectImage } from './map-image';

describe('demo floor plans (assets/floor-plans)', () => {
  it.each([1, 2, 3])('floor %i is what the demo seed stores, and passes the upload checks', (floor) => {
    const file = readFileSync(
      join(process.cwd(), `assets/floor-plans/building-a-floor-${floor}.svg`),
      'utf8',
    );
    expect(file).toBe(`${floorPlanSvg(floor)}\n`);
    expect(inspectImage(Buffer.from(file))).toMatchObject({
      mime: 'image/svg+xml',
      width: 1200,
      height: 800,
    });
    expect(file.length).toBeLessThan(8 * 1024);
  });
});
