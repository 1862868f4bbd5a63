import { Caption1, Field, mergeClasses, Select } from '@fluentui/react-components';
import { useState } from 'react';
import { mapImagePath, type FloorMap } from '../../../../shared/contract/maps';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { FileUploadInput, useFileUpload } from '../../../ui/file-upload';
import { FloorPlan } from '../../../ui/floor-plan';
import { uploadMap, useMaps } from '../api';
import { LevelPlacementEditor } from './level-placement-editor';
import { LevelLoading, LevelSubScreenForm } from './level-sub-screen';
import { useLevelStyles, useLevelSummaryStyles } from './levels.styles';
import { useLevelEditing, useSubScreenSubmit, type LevelEditing } from './use-level-editing';

const MAP_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'];

/**
 * spec §2 /level map: the level's floor plan, chosen from the company's or uploaded (PNG, JPEG or SVG),
 * with a preview; editing a level with a saved plan, its resources are placed on it below.
 */
export default function LevelMapScreen() {
  const editing = useLevelEditing();
  const maps = useMaps();
  if (!editing.values || !editing.session || !maps.data) return <LevelLoading />;
  return (
    <MapForm
      editing={editing}
      initial={editing.values.map_id}
      maps={maps.data.data}
      refresh={() => maps.mutate()}
    />
  );
}

function MapForm({
  editing,
  initial,
  maps,
  refresh,
}: {
  editing: LevelEditing;
  initial: number | null;
  maps: readonly FloorMap[];
  refresh: () => Promise<unknown>;
}) {
  const styles = useLevelStyles();
  const wide = useLevelSummaryStyles().wide;
  const t = useLabel();
  const [mapId, setMapId] = useState(initial === null ? '' : String(initial));
  const sending = useFileUpload();
  const form = useSubScreenSubmit(editing);
  const chosen = maps.find((map) => String(map.id) === mapId);
  const saved = editing.level.data?.map_id ?? null;
  const savedMap = maps.find((map) => map.id === saved);
  const error = sending.failure ?? form.errorOf('map_id');
  const mayPlace = can(editing.session!.general_permissions, ['RESOURCES', 'update']);
  const mayList = can(editing.session!.general_permissions, ['RESOURCES', 'read']);

  const upload = (file: File) =>
    sending.upload(file, async (content) => {
      const map = await uploadMap(file.name.replace(/\.[^.]+$/, '') || file.name, content);
      await refresh();
      setMapId(String(map.id));
    });

  // Editing with the saved plan chosen, the preview is the placement editor itself.
  const placing = editing.id !== null && savedMap !== undefined && chosen?.id === savedMap.id && mayList;

  return (
    <div className={mergeClasses(styles.page, wide)}>
      <LevelSubScreenForm
        title={t('levels.map', 'Floor map')}
        mayWrite={editing.mayWrite}
        pending={form.pending}
        failure={form.failure}
        onSubmit={() => void form.submit({ map_id: mapId ? Number(mapId) : null }, ['map_id'])}
      >
        <Field
          label={t('levels.map', 'Floor map')}
          validationMessage={error}
          validationState={error ? 'error' : 'none'}
        >
          <Select value={mapId} onChange={(_event, data) => setMapId(data.value)}>
            <option value="">{t('levels.no-map', 'No floor map')}</option>
            {maps.map((map) => (
              <option key={map.id} value={String(map.id)}>
                {map.name}
              </option>
            ))}
          </Select>
        </Field>
        {editing.mayWrite && (
          <FileUploadInput
            label={t('levels.upload-map', 'Upload a floor map (PNG, JPEG or SVG, at most 5 MB)')}
            accept={MAP_TYPES}
            progressLabel={t('levels.uploading', 'Uploading…')}
            upload={sending}
            onFile={(file) => void upload(file)}
          />
        )}
        {chosen && !placing && (
          <>
            <FloorPlan
              imagePath={mapImagePath(chosen.id)}
              width={chosen.width}
              height={chosen.height}
              items={[]}
              label={t('floor-plans.plan-of', 'Floor plan {name}', { name: chosen.name })}
            />
            {editing.id !== null && mayList && (
              <Caption1>
                {t('floor-plans.save-to-place', 'Save this plan to place the resources on it.')}
              </Caption1>
            )}
          </>
        )}
      </LevelSubScreenForm>
      {placing && <LevelPlacementEditor levelId={editing.id!} map={savedMap} editable={mayPlace} />}
    </div>
  );
}
