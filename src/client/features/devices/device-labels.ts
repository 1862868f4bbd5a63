import type { DeviceState, TemplateType } from '../../../shared/devices/devices';
import { useLabel } from '../../i18n/i18n';

/** The names of the devices' fixed values (types, colours, actions, states), in the page's language. */
export function useDeviceLabels() {
  const t = useLabel();
  const TYPES: Record<TemplateType, string> = {
    DISPLAY: t('devices.type.display', 'Room or desk display'),
    RECEPTION_DESK: t('devices.type.reception-desk', 'Reception desk kiosk'),
  };
  const ACCENT_NAMES: Record<string, string> = {
    brand: t('devices.accent.brand', 'Company blue'),
    teal: t('devices.accent.teal', 'Teal'),
    berry: t('devices.accent.berry', 'Berry'),
    marigold: t('devices.accent.marigold', 'Marigold'),
    forest: t('devices.accent.forest', 'Forest green'),
    steel: t('devices.accent.steel', 'Steel'),
  };
  const ACTION_NAMES: Record<string, string> = {
    book_now: t('devices.action.book-now', 'Book now'),
    check_in: t('devices.action.check-in', 'Check in'),
    check_out: t('devices.action.check-out', 'Check out'),
    scan: t('devices.action.scan', 'Scan the invitation'),
    typed: t('devices.action.typed', 'Type name and e-mail'),
  };
  const STATES: Record<DeviceState, string> = {
    online: t('devices.state.online', 'Online'),
    offline: t('devices.state.offline', 'Offline'),
    never: t('devices.state.never', 'Never connected'),
  };
  return {
    type: (type: TemplateType) => TYPES[type],
    accent: (accent: string) => ACCENT_NAMES[accent] ?? accent,
    action: (action: string) => ACTION_NAMES[action] ?? action,
    state: (state: DeviceState) => STATES[state],
  };
}
