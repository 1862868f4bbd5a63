import type { DeclarationList } from '../../../shared/contract/declarations';
import {
  oneClickPaths,
  type ContactList,
  type FindPersonResult,
  type FindPersonVisibility,
  type InfoWidget,
  type InfoWidgetBody,
  type LevelWidget,
  type LevelWidgetBody,
  type OneClickWidgets,
  type OneTapBody,
  type Periods,
  type PersonList,
} from '../../../shared/contract/one-click';
import type { UserWidgetName } from '../../../shared/one-click/rules';
import { api } from '../../api/client';
import { useApi } from '../../api/swr';

export type LevelWidgetKind = 'plan' | 'map';
const withId = (path: string, id: number) => path.replace(':id', String(id));
const listPath = (kind: LevelWidgetKind) => (kind === 'plan' ? oneClickPaths.plans : oneClickPaths.maps);
const onePath = (kind: LevelWidgetKind, id: number) =>
  withId(kind === 'plan' ? oneClickPaths.plan : oneClickPaths.map, id);

export const useWidgets = () => useApi<OneClickWidgets>(oneClickPaths.widgets);
export const useLevelWidgets = (kind: LevelWidgetKind) => useApi<{ data: LevelWidget[] }>(listPath(kind));
export const useInfoWidgets = () => useApi<{ data: InfoWidget[] }>(oneClickPaths.info);
export const useContacts = () => useApi<ContactList>(oneClickPaths.contacts);
export const usePeriods = (levelId: number | null, date: string | null) =>
  useApi<Periods>(levelId === null ? null : oneClickPaths.periods, {
    searchParams: { level_id: String(levelId), ...(date ? { date } : {}) },
    // shown in place, on the widget's card or the screen
    silent: true,
  });
export const usePerson = (id: number | null) =>
  // a person who cannot be found is said on the screen, not in the error modal
  useApi<FindPersonResult>(id === null ? null : withId(oneClickPaths.person, id), { silent: true });
export const useVisibility = () => useApi<FindPersonVisibility>(oneClickPaths.visibility);

// Writes are silent: each screen shows the refusal where it happened.
const silent = { silent: true } as const;
export const addLevelWidget = (kind: LevelWidgetKind, body: LevelWidgetBody) =>
  api.post<LevelWidget>(listPath(kind), body, silent);
export const updateLevelWidget = (kind: LevelWidgetKind, id: number, body: LevelWidgetBody) =>
  api.put<LevelWidget>(onePath(kind, id), body, silent);
export const deleteLevelWidget = (kind: LevelWidgetKind, id: number) => api.delete(onePath(kind, id), silent);
export const addInfo = (body: InfoWidgetBody) => api.post<InfoWidget>(oneClickPaths.info, body, silent);
export const updateInfo = (id: number, body: InfoWidgetBody) =>
  api.put<InfoWidget>(withId(oneClickPaths.infoOne, id), body, silent);
export const deleteInfo = (id: number) => api.delete(withId(oneClickPaths.infoOne, id), silent);
export const setUserWidget = (name: UserWidgetName, isActive: boolean) =>
  api.post<OneClickWidgets>(oneClickPaths.users, { name, is_active: isActive }, silent);
export const setPositions = (ids: number[]) =>
  api.post<OneClickWidgets>(oneClickPaths.positions, { ids }, silent);
export const setContacts = (userIds: number[]) =>
  api.post<ContactList>(oneClickPaths.contacts, { user_ids: userIds }, silent);
export const bookOneTap = (widgetId: number, body: OneTapBody = {}) =>
  api.post<DeclarationList>(withId(oneClickPaths.book, widgetId), body, silent);
export const findPeople = (query: string) =>
  api.post<PersonList>(oneClickPaths.findPerson, { query }, silent);
export const setVisibility = (own: boolean | null) =>
  api.put<FindPersonVisibility>(oneClickPaths.visibility, { own }, silent);
