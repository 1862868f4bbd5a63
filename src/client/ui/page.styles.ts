import { tokens, type GriffelStyle } from '@fluentui/react-components';

/**
 * A settings-like screen (connectors, single sign-on, the profile): one column of sections at most
 * 720 px wide, its form at most 560 px. Spread into a screen's makeStyles (a key after it overrides).
 */
export const PAGE_STYLES = {
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '720px',
    width: '100%',
  },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '560px',
    width: '100%',
  },
} satisfies Record<string, GriffelStyle>;
