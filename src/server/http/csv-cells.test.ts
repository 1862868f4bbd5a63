import { describe, expect, it } from 'vitest';
import { neutralizeCell } from './csv-cells';

describe('neutralizeCell (CSV exports)', () => {
  it('keeps a spreadsheet from reading a cell as a formula', () => {
    for (const cell of ['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx', '\rx'])
      expect(neutralizeCell(cell)).toBe(`'${cell}`);
  });

  it('leaves plain text as it is', () => {
    for (const cell of ['Ada', 'ada@acme.test', '', 'a=b', '12']) expect(neutralizeCell(cell)).toBe(cell);
  });
});
