import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  mergeClasses,
  OverlayDrawer,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import { NavLink } from 'react-router-dom';
import { isCompanyContext } from '../api/environment';
import { useLabel } from '../i18n/i18n';
import { RESOLVED_ROUTES } from '../routing/table';
import { useSurface } from '../routing/surface';
import { useInitialData, useMenuPreferences } from '../session/hooks';
import { menuHref, menuRoutes } from './menu-items';
import { PaneHelpLink } from './pane-help-link';
import { useShellStyles } from './shell.styles';

/** spec §2/§6: the modules the user may open; it closes on every navigation (the shell sees to that). */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useShellStyles();
  const t = useLabel();
  const session = useInitialData();
  const preferences = useMenuPreferences();
  const surface = useSurface();
  const items = menuRoutes(RESOLVED_ROUTES, { surface, company: isCompanyContext(), session, preferences });
  return (
    <OverlayDrawer open={open} onOpenChange={(_event, data) => !data.open && onClose()} position="start">
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              icon={<Dismiss24Regular />}
              aria-label={t('general.actions.close-menu', 'Close menu')}
              onClick={onClose}
            />
          }
        >
          {t('general.header.menu', 'Menu')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <nav aria-label={t('general.header.menu', 'Menu')} className={styles.nav}>
          {items.map((route) => {
            const name = route.entry.menuTitle ?? route.entry.title;
            return (
              <NavLink
                key={route.entry.name}
                to={menuHref(route)}
                // the pane's screens nest in its landing: only the one open is current
                end={surface === 'addin'}
                className={({ isActive }) => mergeClasses(styles.navLink, isActive && styles.navLinkActive)}
              >
                {t(name.code, name.english)}
              </NavLink>
            );
          })}
          {surface === 'addin' && <PaneHelpLink className={styles.navLink} />}
        </nav>
      </DrawerBody>
    </OverlayDrawer>
  );
}
