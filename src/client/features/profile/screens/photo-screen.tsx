import { Avatar, Button } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { FileUploadInput, useFileUpload } from '../../../ui/file-upload';
import { Loader } from '../../../ui/loader';
import { useAuthorizedImage } from '../../../ui/use-authorized-image';
import { deletePhoto, storePhoto, useProfile } from '../api';
import { useProfileStyles } from '../components/profile.styles';

const ACCEPTED = ['image/png', 'image/jpeg'] as const;

/** spec §2 /profile photo: upload (PNG or JPEG, 2 MB, checked by the server), see it, remove it. */
export default function PhotoScreen() {
  const styles = useProfileStyles();
  const t = useLabel();
  const profile = useProfile();
  const sending = useFileUpload();
  const photo = useAuthorizedImage(profile.data?.photo_url);
  if (!profile.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const { name, photo_url } = profile.data;
  return (
    <div className={styles.page}>
      {photo.url ? (
        <img
          className={styles.photo}
          src={photo.url}
          alt={t('profile.photo-of', 'Photo of {name}', { name })}
        />
      ) : (
        <Avatar size={128} name={name} />
      )}
      <FileUploadInput
        label={
          photo_url
            ? t('profile.photo-replace', 'Replace the photo (PNG or JPEG, at most 2 MB)')
            : t('profile.photo-upload', 'Upload a photo (PNG or JPEG, at most 2 MB)')
        }
        accept={ACCEPTED}
        progressLabel={t('profile.photo-uploading', 'Uploading…')}
        upload={sending}
        onFile={(file) => void sending.upload(file, storePhoto)}
      />
      <ErrorText message={sending.failure} />
      {photo_url && (
        <div className={styles.actions}>
          <Button icon={<Delete20Regular aria-hidden />} onClick={() => void deletePhoto()}>
            {t('profile.photo-remove', 'Remove the photo')}
          </Button>
        </div>
      )}
    </div>
  );
}
