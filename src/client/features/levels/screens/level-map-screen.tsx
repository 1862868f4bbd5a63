import { Caption1, Field, Label, mergeClasses, ProgressBar, Select, useId } from '@fluentui/react-components';
import { useState } from 'react';
import { mapImagePath, type FloorMap } from '../../../../shared/contract/maps';
import { can } from '../../../../shared/permissions/can';
import { ApiError } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { FloorPlan } from '../../../ui/floor-plan';
import { readAsBase64, uploadMap, useMaps } from '../api';
import { LevelPlacementEditor } from './level-placement-editor';
import { LevelLoading, LevelSubScreenForm } from './level-sub-screen';
import { useLevelStyles, useLevelSummaryStyles } from './levels.styles';
import { useLevelEditing, useSubScreenSubmit, type LevelEditing } from './use-level-editing';

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
  const uploadId = useId('map-upload');
  const [mapId, setMapId] = useState(initial === null ? '' : String(initial));
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const form = useSubScreenSubmit(editing);
  const chosen = maps.find((map) => String(map.id) === mapId);
  const saved = editing.level.data?.map_id ?? null;
  const savedMap = maps.find((map) => map.id === saved);
  const error = uploadError ?? form.errorOf('map_id');
  const mayPlace = can(editing.session!.general_permissions, ['RESOURCES', 'update']);
  const mayList = can(editing.session!.general_permissions, ['RESOURCES', 'read']);

  const upload = async (file: File) => {
    setUploadError(null);
    setProgress(0);
    try {
      const content = await readAsBase64(file, (share) => setProgress(share * 0.5));
      setProgress(0.6);
      const map = await uploadMap(file.name.replace(/\.[^.]+$/, '') || file.name, content);
      setProgress(1);
      await refresh();
      setMapId(String(map.id));
    } catch (failure) {
      // spec §5: the checks' message (type, size, pixels) under the field, not the warning modal
      const body = failure instanceof ApiError ? failure.body : null;
      setUploadError(
        body?.errors?.content_base64?.[0] ??
          body?.errors?.name?.[0] ??
          body?.message ??
          (failure instanceof Error ? failure.message : String(failure)),
      );
    } finally {
      setProgress(null);
    }
  };

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
          <div className={styles.upload}>
            {/* A native file input: Fluent's Field labels only its own controls. */}
            <Label htmlFor={uploadId}>
              {t('levels.upload-map', 'Upload a floor map (PNG, JPEG or SVG, at most 5 MB)')}
            </Label>
            <input
              id={uploadId}
              type="file"
              accept="image/png,image/jpeg,image/svg+xml"
              disabled={progress !== null}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file) void upload(file);
              }}
            />
          </div>
        )}
        {progress !== null && (
          <ProgressBar value={progress} aria-label={t('levels.uploading', 'Uploading…')} />
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
