import { makeStyles, tokens } from '@fluentui/react-components';
import { PAGE_STYLES } from '../../../ui/page.styles';

export const useLevelStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '640px',
    width: '100%',
  },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  tree: { listStyleType: 'none', margin: 0, paddingInlineStart: 0 },
  branch: { listStyleType: 'none', margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalXS,
  },
  detail: { color: tokens.colorNeutralForeground2 },
  form: PAGE_STYLES.form,
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  qr: { width: '240px', height: '240px', backgroundColor: tokens.colorNeutralBackground1 },
});

export const useLevelSummaryStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(140px, 1fr) 2fr',
    gap: tokens.spacingHorizontalM,
    alignItems: 'baseline',
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  value: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  error: { gridColumn: '2', color: tokens.colorPaletteRedForeground1 },
  wide: { maxWidth: '960px' },
});
