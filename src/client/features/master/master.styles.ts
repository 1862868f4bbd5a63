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
  option: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, width: '100%' },
});
