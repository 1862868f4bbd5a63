import { Body1, Button } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { RESOURCE_IMAGE_MAX_BYTES } from '../../../../../shared/contract/resources';
import { useLabel } from '../../../../i18n/i18n';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { FileUploadInput, useFileUpload } from '../../../../ui/file-upload';
import { useAuthorizedImage } from '../../../../ui/use-authorized-image';
import { removeImage, settingsPath, uploadImage, useResource } from '../api';
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
  const sending = useFileUpload();
  const { failure, setFailure } = sending;
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
    await sending.upload(file, async (content) => {
      await uploadImage(id, content);
      await resource.mutate();
      setVersion((current) => current + 1);
    });
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
        <FileUploadInput
          label={
            resource.data.has_image
              ? t('resource-settings.image.replace', 'Replace the picture (PNG, JPEG or SVG, at most 2 MB)')
              : t('resource-settings.image.upload', 'Upload a picture (PNG, JPEG or SVG, at most 2 MB)')
          }
          accept={ACCEPTED}
          progressLabel={t('resource-settings.image.uploading', 'Uploading…')}
          upload={sending}
          onFile={(file) => void upload(file)}
        />
      )}
      {mayUpdate && resource.data.has_image && (
        <div className={styles.actions}>
          <Button
            icon={<Delete20Regular aria-hidden />}
            disabled={sending.progress !== null}
            onClick={() => void remove()}
          >
            {t('resource-settings.image.remove', 'Remove the picture')}
          </Button>
        </div>
      )}
    </div>
  );
}
