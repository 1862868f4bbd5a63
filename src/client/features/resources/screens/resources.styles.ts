import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { LIST_ROW_STYLES } from '../../../ui/list-rows.styles';

export const useResourceStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '960px',
    width: '100%',
  },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '600px',
    width: '100%',
  },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  search: { minWidth: '240px', flexGrow: 1 },
  ...LIST_ROW_STYLES,
  rowActions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  fieldset: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    border: 'none',
    margin: 0,
    padding: 0,
  },
  legend: { padding: 0, marginBlockEnd: tokens.spacingVerticalXS, fontWeight: tokens.fontWeightSemibold },
  tree: { listStyleType: 'none', margin: 0, paddingInlineStart: 0 },
  branch: { listStyleType: 'none', margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
  treeBox: {
    maxHeight: '320px',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalS,
  },
  numbers: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'flex-start' },
  hint: { color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1 },
  parts: { listStyleType: 'none', margin: 0, padding: 0 },
  part: {
    display: 'grid',
    gridTemplateColumns: '200px minmax(0, 1fr)',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  steps: { color: tokens.colorNeutralForeground2, margin: 0 },
  // Focused by the wizard so keyboard users start at the new step; it is not a control.
  stepTitle: { ...typographyStyles.subtitle2, margin: 0, ':focus': { outlineStyle: 'none' } },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  table: { width: '100%', borderCollapse: 'collapse' },
});
