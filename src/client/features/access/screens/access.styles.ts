import { makeStyles, tokens } from '@fluentui/react-components';
import { LIST_ROW_STYLES } from '../../../ui/list-rows.styles';
import { PAGE_STYLES } from '../../../ui/page.styles';

export const useAccessStyles = makeStyles({
  ...PAGE_STYLES,
  ...LIST_ROW_STYLES,
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  detail: { color: tokens.colorNeutralForeground2 },
  grant: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalXS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  grantName: { minWidth: '200px', flexGrow: 1 },
  value: { width: '96px' },
  refuse: { color: tokens.colorPaletteRedForeground1 },
  allow: { color: tokens.colorPaletteGreenForeground1 },
});
