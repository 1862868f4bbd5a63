import { makeStyles, tokens } from '@fluentui/react-components';
import { LIST_ROW_STYLES } from '../../ui/list-rows.styles';
import { PAGE_STYLES } from '../../ui/page.styles';

export const useDocumentStyles = makeStyles({
  ...PAGE_STYLES,
  ...LIST_ROW_STYLES,
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  filter: { minWidth: '200px', flexGrow: 1 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  applications: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL },
  // a document's text as its administrators wrote it (sanitised html)
  content: {
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
    '& a': { color: tokens.colorBrandForegroundLink },
    '& img': { maxWidth: '100%' },
  },
  document: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  table: { width: '100%' },
});
