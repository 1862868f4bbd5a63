import { makeStyles, tokens } from '@fluentui/react-components';
import { PAGE_STYLES } from '../../../ui/page.styles';

export const useSsoStyles = makeStyles({
  ...PAGE_STYLES,
  form: { ...PAGE_STYLES.form, maxWidth: '640px' },
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
  detail: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  certificate: { fontFamily: tokens.fontFamilyMonospace, minHeight: '8em' },
});
