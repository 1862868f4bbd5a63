import { makeStyles, tokens } from '@fluentui/react-components';

export const useHomeStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  cards: {
    display: 'grid',
    gap: tokens.spacingVerticalL,
    // one column on a phone, two or three where there is room
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 280px), 1fr))',
    alignItems: 'start',
  },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    paddingInlineStart: 0,
    listStyleType: 'none',
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  rowText: { display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  day: { marginBlockStart: tokens.spacingVerticalS, color: tokens.colorNeutralForeground2 },
});
