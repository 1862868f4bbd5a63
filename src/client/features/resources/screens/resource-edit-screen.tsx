import { Body1, Caption1, Subtitle2 } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  RESOURCE_FUNCTIONS,
  type Resource,
  type ResourceFunctionKey,
} from '../../../../shared/contract/resources';
import { can, type PermissionRequirement } from '../../../../shared/permissions/can';
import { useLabel, type LabelFn } from '../../../i18n/i18n';
import { href, type RouteName } from '../../../routing/paths';
import { useRouteTable } from '../../../routing/table-context';
import type { RouteParams } from '../../../routing/tree';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useResource } from '../api';
import { useFunctions } from '../settings/api';
import { DeleteButton, DuplicateButton } from '../components/resource-actions';
import { FUNCTION_NAMES, MODEL_NAMES } from '../components/resource-fields';
import { useResourceId } from '../components/use-resource-id';
import { EDIT_PARTS_IN_ORDER, type EditPart } from '../edit-parts';
import { useResourceStyles } from './resources.styles';

function none(t: LabelFn) {
  return t('resources.none', 'None');
}

/** What each of the hub's own parts currently is, in a line. */
function summaries(resource: Resource, t: LabelFn): Record<EditPart, string> {
  const capacityType = t(
    `resources.capacity-type.${resource.resource_capacity_type}`,
    resource.resource_capacity_type === 'exclusive' ? 'Exclusive' : 'Shared',
  );
  return {
    level: resource.level.path,
    type: resource.resource_type.name,
    capacity: t('resources.capacity-summary', '{type}, capacity {capacity} (at most {max}), today {today}', {
      type: capacityType,
      capacity: resource.capacity,
      max: resource.max_capacity,
      today: resource.current_capacity,
    }),
    description: [resource.description.trim(), resource.email ?? ''].filter(Boolean).join(' · ') || none(t),
    model: t(`resources.model.${resource.resource_model}`, MODEL_NAMES[resource.resource_model]),
    'name-translations': resource.translations
      .map((entry) => entry.name)
      .filter(Boolean)
      .join(' / '),
    attributes: resource.resource_attributes.map((attribute) => attribute.name).join(', ') || none(t),
  };
}

/**
 * spec §2 /resources edit/:resource_id: the resource's name and level, each part with what it is
 * now and a link to change it (the parts open as sub-screens), duplicate and delete.
 */
export default function ResourceEditScreen() {
  const styles = useResourceStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const id = useResourceId();
  const resource = useResource(id);
  const functions = useFunctions(id);
  const table = useRouteTable();
  if (resource.error) return <ErrorText message={resource.error.message} />;
  if (!resource.data || id === null) return <Loader label={t('general.loading', 'Loading…')} />;
  const current = resource.data;
  const permissions = session?.general_permissions ?? [];
  const allowed = (requirement: PermissionRequirement | undefined) =>
    requirement === undefined || can(permissions, requirement);
  const own = summaries(current, t);
  const active = new Set((functions.data?.data ?? []).filter((fn) => fn.active).map((fn) => fn.function));

  /** A part's row: its title (the route's own, unless given), what it is now, a link when allowed. */
  const part = (
    key: string,
    name: RouteName,
    summary: ReactNode,
    { title, params = {} }: { title?: string; params?: RouteParams } = {},
  ) => {
    const route = table.find(({ entry }) => entry.name === name);
    if (!route) return null;
    const text = title ?? t(route.entry.title.code, route.entry.title.english);
    return (
      <li key={key} className={styles.part}>
        {allowed(route.entry.permission) ? (
          <AppLink to={href(name, { resource_id: id, ...params })}>{text}</AppLink>
        ) : (
          <Body1>{text}</Body1>
        )}
        <Body1 className={styles.detail}>{summary}</Body1>
      </li>
    );
  };
  const functionState = (fn: ResourceFunctionKey) =>
    functions.data
      ? active.has(fn)
        ? t('resources.function-on', 'On')
        : t('resources.function-off', 'Off')
      : '';

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <Subtitle2 as="h2">{current.name}</Subtitle2>
        <Caption1 className={styles.detail}>{current.level.path}</Caption1>
      </div>
      <ul className={styles.parts} aria-label={t('resources.parts', 'Settings of the resource')}>
        {EDIT_PARTS_IN_ORDER.map((key) => part(key, `r_resources-edit-${key}`, own[key]))}
        {part('permissions', 'r_resources-edit-permissions', '')}
        {RESOURCE_FUNCTIONS.map((fn) =>
          part(`function-${fn}`, 'r_resources-edit-functions-function', functionState(fn), {
            title: t(`resources.function.${fn}`, FUNCTION_NAMES[fn]),
            params: { function: fn },
          }),
        )}
        {part('availability', 'r_resources-edit-availability', '')}
        {part(
          'services',
          'r_resources-edit-services',
          current.resource_services.map((service) => service.name).join(', ') || none(t),
        )}
        {part('qr-code', 'r_resources-edit-qr-code', '')}
        {part(
          'image',
          'r_resources-edit-image',
          current.has_image ? t('resources.has-image', 'A picture') : t('resources.no-image', 'No picture'),
        )}
      </ul>
      <div className={styles.actions}>
        {can(permissions, ['RESOURCES', 'create']) && (
          <DuplicateButton
            resource={current}
            onDuplicated={(copy) => navigate(href('r_resources-edit', { resource_id: copy.id }))}
          />
        )}
        {can(permissions, ['RESOURCES', 'delete']) && (
          <DeleteButton resource={current} onDeleted={() => navigate(href('r_resources'))} />
        )}
      </div>
    </div>
  );
}
