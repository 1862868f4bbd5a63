import { makeStyles, shorthands, tokens, typographyStyles } from '@fluentui/react-components';
// From Griffel itself: compiled at build time it becomes `__staticStyles`, which Fluent does not
// re-export.
import { makeStaticStyles } from '@griffel/react';

/** The page itself: the shell fills the window edge to edge (no user-agent body margin). */
export const usePageStyles = makeStaticStyles({ body: { margin: 0 } });

export const useShellStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingInline: tokens.spacingHorizontalM,
    minHeight: '48px',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    boxShadow: tokens.shadow4,
    '@media (forced-colors: active)': { ...shorthands.borderBottom('1px', 'solid', 'CanvasText') },
  },
  title: {
    ...typographyStyles.subtitle2,
    flexGrow: 1,
    margin: 0,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  title15: { fontSize: '15px' },
  title14: { fontSize: '14px' },
  title13: { fontSize: '13px' },
  headerButton: {
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': {
      color: tokens.colorNeutralForegroundOnBrand,
      backgroundColor: tokens.colorBrandBackgroundHover,
    },
    ':hover:active': {
      color: tokens.colorNeutralForegroundOnBrand,
      backgroundColor: tokens.colorBrandBackgroundPressed,
    },
    ':disabled': { color: tokens.colorNeutralForegroundOnBrand, opacity: 0.5 },
  },
  main: {
    flexGrow: 1,
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '960px',
    width: '100%',
    boxSizing: 'border-box',
    marginInline: 'auto',
  },
  nav: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  navLink: {
    ...typographyStyles.body1,
    display: 'block',
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  navLinkActive: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    fontWeight: tokens.fontWeightSemibold,
  },
});
