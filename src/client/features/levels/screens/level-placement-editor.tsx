import { Subtitle2 } from '@fluentui/react-components';
import { useState } from 'react';
import type { FloorMap } from '../../../../shared/contract/maps';
import { mapImagePath } from '../../../../shared/contract/maps';
import { levelResourcesPath, type Resource, type ResourceList } from '../../../../shared/contract/resources';
import { errorMessage } from '../../../api/errors';
import { useApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { toMapPosition } from '../../../ui/floor-plan-geometry';
import { FloorPlan, type FloorPlanItem } from '../../../ui/floor-plan';
import type { Fraction } from '../../../ui/floor-plan-geometry';
import { Loader } from '../../../ui/loader';
import { placeResource } from '../api';

const itemOf = (resource: Resource): FloorPlanItem => ({
  id: resource.id,
  name: resource.name,
  x: resource.map_x,
  y: resource.map_y,
  typeName: resource.resource_type.name,
  icon: resource.resource_type.icon,
});

/**
 * The resources whose positions refer to this level's plan (on the level, or below it without a plan
 * of their own), placed by dragging them on it. A drop is shown at once and put back if refused.
 */
export function LevelPlacementEditor({
  levelId,
  map,
  editable,
}: {
  levelId: number;
  map: FloorMap;
  editable: boolean;
}) {
  const t = useLabel();
  const resources = useApi<ResourceList>(levelResourcesPath(levelId), { silent: true });
  const [failure, setFailure] = useState<string | null>(null);

  if (resources.error) return <ErrorText message={errorMessage(resources.error)} />;
  if (!resources.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const items = resources.data.data.filter((resource) => resource.map_level_id === levelId).map(itemOf);

  const move = async (id: number, at: Fraction) => {
    setFailure(null);
    const placed = (list: ResourceList | undefined, x: number, y: number): ResourceList | undefined =>
      list && {
        ...list,
        data: list.data.map((resource) =>
          resource.id === id ? { ...resource, map_x: x, map_y: y } : resource,
        ),
      };
    try {
      await resources.mutate(
        async (current) => {
          const saved = await placeResource(id, toMapPosition(at));
          return placed(current, saved.map_x ?? at.x, saved.map_y ?? at.y);
        },
        {
          optimisticData: (current) => placed(current, at.x, at.y)!,
          rollbackOnError: true,
          revalidate: false,
        },
      );
    } catch (error) {
      setFailure(errorMessage(error));
      throw error;
    }
  };

  return (
    <section aria-labelledby="level-placement-title">
      <Subtitle2 as="h2" id="level-placement-title">
        {t('floor-plans.placement', 'Resources on the plan')}
      </Subtitle2>
      <ErrorText message={failure} />
      <FloorPlan
        imagePath={mapImagePath(map.id)}
        width={map.width}
        height={map.height}
        items={items}
        label={t('floor-plans.plan-of', 'Floor plan {name}', { name: map.name })}
        editable={editable}
        onMove={editable ? move : undefined}
      />
    </section>
  );
}
