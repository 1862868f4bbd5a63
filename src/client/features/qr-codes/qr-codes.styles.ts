import { makeStyles, tokens } from '@fluentui/react-components';
import { LIST_ROW_STYLES } from '../../ui/list-rows.styles';
import { PAGE_STYLES } from '../../ui/page.styles';

export const useQrStyles = makeStyles({
  ...PAGE_STYLES,
  ...LIST_ROW_STYLES,
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'center' },
  // two number fields side by side, one above the other on a phone
  pair: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  // a group of checkboxes under its legend, without the browser's frame (which widened a phone's page)
  choices: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    border: 'none',
    margin: 0,
    padding: 0,
    minWidth: 0,
  },
  filter: { minWidth: '180px', flexGrow: 1 },
  preview: { color: tokens.colorNeutralForeground2 },
  warning: { color: tokens.colorPaletteRedForeground1 },
  tableWrap: { overflowX: 'auto', width: '100%' },
});
