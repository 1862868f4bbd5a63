import { tokens, type GriffelStyle } from '@fluentui/react-components';

/**
 * The rows of a plain list (resources, the plan's, people, the scheduler's): a main column that
 * shrinks and an actions column, a thin line between rows. Spread into a screen's makeStyles.
 */
export const LIST_ROW_STYLES = {
  rows: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  rowMain: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  detail: { color: tokens.colorNeutralForeground2 },
} satisfies Record<string, GriffelStyle>;
