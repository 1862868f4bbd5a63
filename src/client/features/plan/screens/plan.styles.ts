import { makeStyles, tokens } from '@fluentui/react-components';
import { LIST_ROW_STYLES } from '../../../ui/list-rows.styles';

export const usePlanStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '960px',
    width: '100%',
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '600px' },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  search: { minWidth: '240px', flexGrow: 1 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  ...LIST_ROW_STYLES,
  // the plan's rows are denser
  row: { ...LIST_ROW_STYLES.row, paddingBlock: tokens.spacingVerticalXS },
  selectedRow: { backgroundColor: tokens.colorNeutralBackground1Selected },
  levelButton: { justifyContent: 'flex-start', textAlign: 'start', minWidth: 0 },
  marks: { display: 'inline-flex', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  slots: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
    gap: tokens.spacingHorizontalS,
  },
  slotButton: { width: '100%' },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
  band: {
    display: 'inline-block',
    width: '12px',
    height: '12px',
    borderRadius: tokens.borderRadiusCircular,
    flexShrink: 0,
  },
  footer: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    flexWrap: 'wrap',
    paddingBlockStart: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  fieldset: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    border: 'none',
    margin: 0,
    padding: 0,
  },
  legend: { padding: 0, marginBlockEnd: tokens.spacingVerticalXS, fontWeight: tokens.fontWeightSemibold },
});
