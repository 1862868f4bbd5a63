import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { useLabel } from '../i18n/i18n';
import { Loader } from '../ui/loader';
import { Header } from './header';
import { useCurrentRoute } from './route-title';
import { usePageStyles, useShellStyles } from './shell.styles';
import { useInitialData, useWarning } from '../session/hooks';

// The menu and the modal are not needed for the first paint: their Fluent parts load on first use.
const SideMenu = lazy(() =>
  import(/* webpackChunkName: "side-menu" */ './side-menu').then((module) => ({ default: module.SideMenu })),
);
const ImpersonationBanner = lazy(() =>
  import(/* webpackChunkName: "impersonation-banner" */ './impersonation-banner').then((module) => ({
    default: module.ImpersonationBanner,
  })),
);
const WarningModal = lazy(() =>
  import(/* webpackChunkName: "warning-modal" */ './warning-modal').then((module) => ({
    default: module.WarningModal,
  })),
);

/** The frame around every screen: header, side menu, the screen, the warning modal. */
export function Shell() {
  usePageStyles();
  const styles = useShellStyles();
  const location = useLocation();
  const navigation = useNavigation();
  const route = useCurrentRoute();
  const t = useLabel();
  // spec §4: the menu closes on every navigation. It is open only for the location it was opened on.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const [menuUsed, setMenuUsed] = useState(false);
  const warning = useWarning();
  const impersonation = useInitialData()?.impersonation;
  // Mounted from the first warning on and closed through its `open`: unmounting the open dialog
  // skipped Fluent's (tabster's) clean-up, which left aria-hidden on #root after the modal was gone.
  const [warningUsed, setWarningUsed] = useState(false);
  if (warning !== null && !warningUsed) setWarningUsed(true);
  const menuOpen = menuOpenAt === location.key;
  const title = route ? t(route.entry.title.code, route.entry.title.english) : 'Workplace';

  useEffect(() => {
    document.title = `${title} · Workplace`;
  }, [title]);

  return (
    <div className={styles.root}>
      <Header
        onOpenMenu={() => {
          setMenuUsed(true);
          setMenuOpenAt(location.key);
        }}
      />
      {impersonation && (
        <Suspense fallback={null}>
          <ImpersonationBanner impersonation={impersonation} />
        </Suspense>
      )}
      {menuUsed && (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={() => setMenuOpenAt(null)} />
        </Suspense>
      )}
      <main className={styles.main} aria-busy={navigation.state !== 'idle' || undefined}>
        <Outlet />
      </main>
      {warningUsed && (
        <Suspense fallback={null}>
          <WarningModal />
        </Suspense>
      )}
    </div>
  );
}

/**
 * How long a page opened cold waits before it shows its spinner (spec-silent, ours). Most first
 * screens are drawn sooner: the spinner, drawn and animated meanwhile, then only cost the page's
 * main thread and compositor time on its way to them (the booking grid's first render: median
 * 257 against 268 ms, faster in 9 of 14 alternating loads). A slower start still shows it.
 */
export const FIRST_SCREEN_LOADER_DELAY_MS = 400;

/** Shown while the first screen's guards and chunk load. */
export function ShellFallback() {
  return <Loader delayMs={FIRST_SCREEN_LOADER_DELAY_MS} />;
}
