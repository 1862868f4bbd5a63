import { makeStyles, tokens } from '@fluentui/react-components';
import { PAGE_STYLES } from '../../../ui/page.styles';
import { LIST_ROW_STYLES } from '../../../ui/list-rows.styles';

export const useProfileStyles = makeStyles({
  ...PAGE_STYLES,
  ...LIST_ROW_STYLES,
  // A focus target after a row went (the list itself); it shows no ring, as a region is no control.
  region: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, outlineStyle: 'none' },
  photo: {
    width: '128px',
    height: '128px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusCircular,
  },
  person: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  permissions: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  links: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  link: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  group: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    margin: 0,
    padding: 0,
    border: 'none',
    minWidth: 0,
  },
  legend: {
    padding: 0,
    marginBlockEnd: tokens.spacingVerticalXS,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground1,
  },
  fieldError: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorPaletteRedForeground1,
    '@media (forced-colors: active)': { color: 'CanvasText' },
  },
});
