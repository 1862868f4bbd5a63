import { makeStyles, tokens } from '@fluentui/react-components';
import { LIST_ROW_STYLES } from '../../ui/list-rows.styles';
import { PAGE_STYLES } from '../../ui/page.styles';

export const useOneClickStyles = makeStyles({
  ...PAGE_STYLES,
  ...LIST_ROW_STYLES,
  // one column on a phone, as many 280 px cards as fit on a wider screen
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
    gap: tokens.spacingHorizontalL,
    width: '100%',
  },
  wide: { maxWidth: '100%' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 },
  detail: { color: tokens.colorNeutralForeground2 },
  big: { minHeight: '48px' },
});
