import { useLocation } from 'react-router-dom';
import type { LevelWidgetKind } from './api';

/** Which kind of level widget a settings screen is about: its address says (…/settings/map/… or …/plan/…). */
export function useWidgetKind(): LevelWidgetKind {
  return /\/settings\/map\//i.test(useLocation().pathname) ? 'map' : 'plan';
}
