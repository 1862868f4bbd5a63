import { Body1, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  chart: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0 },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 10rem) minmax(0, 1fr) auto',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
  },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  track: {
    height: '16px',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusSmall,
  },
  bar: {
    height: '100%',
    minWidth: '2px',
    backgroundColor: tokens.colorBrandBackground,
    borderRadius: tokens.borderRadiusSmall,
    '@media (forced-colors: active)': { backgroundColor: 'CanvasText' },
  },
});

/**
 * One bar per row, widths relative to the largest value, the value written beside it: read as a
 * list by a screen reader. (The chart package's bars carry focus sentinels axe reports as hidden
 * focusable elements, and a figure this simple needs none of its interaction.)
 */
export function BarChart({
  label,
  rows,
}: {
  label: string;
  rows: readonly { name: string; value: number }[];
}) {
  const styles = useStyles();
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ul className={styles.chart} aria-label={label}>
      {rows.map((row) => (
        <li key={row.name} className={styles.row}>
          <Body1 className={styles.name}>{row.name}</Body1>
          <div className={styles.track} aria-hidden>
            <div className={styles.bar} style={{ width: `${(row.value / max) * 100}%` }} />
          </div>
          <Body1>{row.value.toLocaleString()}</Body1>
        </li>
      ))}
    </ul>
  );
}
