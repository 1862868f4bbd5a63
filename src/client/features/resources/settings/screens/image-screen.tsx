import { Body1, Button, Label, ProgressBar, useId } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { RESOURCE_IMAGE_MAX_BYTES } from '../../../../../shared/contract/resources';
import { ApiError } from '../../../../api/errors';
import { useLabel } from '../../../../i18n/i18n';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { useAuthorizedImage } from '../../../../ui/use-authorized-image';
import { readAsBase64 } from '../../../levels/api';
import { removeImage, settingsPath, uploadImage, useResource } from '../api';
import { messagesByField } from '../checked';
import { useSettingsStyles } from '../settings.styles';
import { failureMessage, ResourceName, useMayUpdate, useResourceId } from './parts';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/svg+xml'];

/** The picture as stored (the screen remounts it after an upload, so the new one is read). */
function Picture({ path, alt }: { path: string; alt: string }) {
  const styles = useSettingsStyles();
  const t = useLabel();
  const image = useAuthorizedImage(path);
  if (image.error) return <ErrorText message={image.error} />;
  if (!image.url) return <Loader label={t('general.loading', 'Loading…')} />;
  return <img className={styles.picture} src={image.url} alt={alt} />;
}

/** image: the resource's picture (shown on its card when booking): upload, replace or remove. */
export default function ImageScreen() {
  const styles = useSettingsStyles();
  const t = useLabel();
  const id = useResourceId();
  const resource = useResource(id);
  const mayUpdate = useMayUpdate();
  const uploadId = useId('resource-image');
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  if (resource.error) return <ErrorText message={failureMessage(resource.error)} />;
  if (id === null || !resource.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const tooBig = t('resource-settings.image.too-big', 'The file must be 2 MB or smaller.');

  const upload = async (file: File) => {
    setFailure(null);
    // The server reads the type from the content; this only spares sending what it would refuse.
    const refusal =
      file.size > RESOURCE_IMAGE_MAX_BYTES
        ? tooBig
        : file.type && !ACCEPTED.includes(file.type)
          ? t('resource-settings.image.wrong-type', 'Choose a PNG, JPEG or SVG file.')
          : null;
    if (refusal) {
      setFailure(refusal);
      return;
    }
    setProgress(0);
    try {
      const content = await readAsBase64(file, (share) => setProgress(share * 0.5));
      setProgress(0.6);
      await uploadImage(id, content);
      setProgress(1);
      await resource.mutate();
      setVersion((current) => current + 1);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? messagesByField(error.body?.errors) : {};
      setFailure(fieldErrors.content_base64 ?? failureMessage(error));
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setFailure(null);
    try {
      await removeImage(id);
      await resource.mutate();
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };

  const alt = t('resource-settings.image.alt', 'Picture of {name}', { name: resource.data.name });
  return (
    <div className={styles.page}>
      <ResourceName id={id} />
      <ErrorText message={failure} />
      {resource.data.has_image ? (
        <Picture key={version} path={settingsPath('image', id)} alt={alt} />
      ) : (
        <Body1 role="status">{t('resource-settings.image.none', 'The resource has no picture yet.')}</Body1>
      )}
      {mayUpdate && (
        <div className={styles.upload}>
          {/* A native file input: Fluent's Field labels only its own controls. */}
          <Label htmlFor={uploadId}>
            {resource.data.has_image
              ? t('resource-settings.image.replace', 'Replace the picture (PNG, JPEG or SVG, at most 2 MB)')
              : t('resource-settings.image.upload', 'Upload a picture (PNG, JPEG or SVG, at most 2 MB)')}
          </Label>
          <input
            id={uploadId}
            type="file"
            accept={ACCEPTED.join(',')}
            disabled={progress !== null}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void upload(file);
            }}
          />
        </div>
      )}
      {progress !== null && (
        <ProgressBar value={progress} aria-label={t('resource-settings.image.uploading', 'Uploading…')} />
      )}
      {mayUpdate && resource.data.has_image && (
        <div className={styles.actions}>
          <Button
            icon={<Delete20Regular aria-hidden />}
            disabled={progress !== null}
            onClick={() => void remove()}
          >
            {t('resource-settings.image.remove', 'Remove the picture')}
          </Button>
        </div>
      )}
    </div>
  );
}
