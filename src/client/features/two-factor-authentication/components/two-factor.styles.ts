import { makeStyles, tokens } from '@fluentui/react-components';
import { PAGE_STYLES } from '../../../ui/page.styles';

export const useTwoFactorStyles = makeStyles({
  ...PAGE_STYLES,
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '420px',
    width: '100%',
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  qr: {
    width: '200px',
    height: '200px',
    maxWidth: '100%',
    alignSelf: 'flex-start',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  secret: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all', userSelect: 'all' },
  codes: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(9em, 1fr))',
    gap: tokens.spacingVerticalS,
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalXL,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase400,
  },
});
