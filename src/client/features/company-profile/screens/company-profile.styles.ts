import { makeStyles, tokens } from '@fluentui/react-components';

export const useProfileStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '480px',
    width: '100%',
  },
  rows: { display: 'flex', flexDirection: 'column', paddingInlineStart: 0, margin: 0, listStyleType: 'none' },
  row: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
  value: { color: tokens.colorNeutralForeground2 },
  options: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingInlineStart: 0,
    listStyleType: 'none',
  },
  option: { width: '100%', justifyContent: 'space-between' },
});
