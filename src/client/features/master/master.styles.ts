import { makeStyles, tokens } from '@fluentui/react-components';
import { LIST_ROW_STYLES } from '../../ui/list-rows.styles';
import { PAGE_STYLES } from '../../ui/page.styles';

export const useMasterStyles = makeStyles({
  ...PAGE_STYLES,
  ...LIST_ROW_STYLES,
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  search: { flexGrow: 1, minWidth: '200px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  deleted: { color: tokens.colorPaletteRedForeground1 },
  pickerRows: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  // Name and choice side by side, the choice under the name when both do not fit (a phone).
  pickerRow: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'baseline',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  pickerValue: { minWidth: 0, overflowWrap: 'anywhere', textAlign: 'end' },
  pickerError: { flexBasis: '100%', color: tokens.colorPaletteRedForeground1 },
  required: { color: tokens.colorPaletteRedForeground3 },
});
