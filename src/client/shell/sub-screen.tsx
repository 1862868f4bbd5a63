import { makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeft20Regular } from '@fluentui/react-icons';
import type { ComponentType } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useLabel } from '../i18n/i18n';
import type { ResolvedRoute } from '../routing/types';

const useStyles = makeStyles({
  back: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    alignSelf: 'flex-start',
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorBrandForegroundLinkHover, textDecorationLine: 'underline' },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
});

/** The parent screen's address: the current one minus as many segments as the child's own path has. */
export function parentPath(pathname: string, childPath: string): string {
  const segments = pathname.replace(/\/+$/, '').split('/');
  const own = childPath.split('/').filter(Boolean).length;
  return segments.slice(0, Math.max(1, segments.length - own)).join('/') || '/';
}

function BackLink({ route }: { route: ResolvedRoute }) {
  const styles = useStyles();
  const t = useLabel();
  const { pathname, search } = useLocation();
  const to = parentPath(pathname, route.entry.path);
  return (
    <RouterLink className={styles.back} to={{ pathname: to, search }}>
      <ArrowLeft20Regular aria-hidden />
      {t('general.header.back', 'Back')}
    </RouterLink>
  );
}

/** spec §2: nested routes open as sub-screens with a back link. */
export function wrapScreen(Screen: ComponentType, route: ResolvedRoute): ComponentType {
  if (route.parent === null) return Screen;
  function SubScreen() {
    return (
      <>
        <BackLink route={route} />
        <Screen />
      </>
    );
  }
  SubScreen.displayName = `SubScreen(${route.entry.name})`;
  return SubScreen;
}
