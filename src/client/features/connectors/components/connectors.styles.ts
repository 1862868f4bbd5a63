import { makeStyles, tokens } from '@fluentui/react-components';
import { PAGE_STYLES } from '../../../ui/page.styles';

export const useConnectorStyles = makeStyles({
  ...PAGE_STYLES,
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  rows: { display: 'flex', flexDirection: 'column', paddingInlineStart: 0, margin: 0, listStyleType: 'none' },
  row: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  detail: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  mapping: {
    display: 'grid',
    gridTemplateColumns: 'minmax(160px, 1fr) minmax(200px, 2fr)',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});
