import { makeStyles, tokens } from '@fluentui/react-components';
import type { OutlookRoom } from '../../../../shared/contract/outlook';
import { useLabel } from '../../../i18n/i18n';
import { useAuthorizedImage } from '../../../ui/use-authorized-image';

const useStyles = makeStyles({
  photo: {
    display: 'block',
    width: '100%',
    maxHeight: '180px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
  },
  // the picture's place while it loads, so the details below do not jump
  placeholder: { height: '120px', backgroundColor: tokens.colorNeutralBackground3 },
});

/** The room's picture, read with the session's token as the plan reads it; nothing without one. */
export function RoomPhoto({ room }: { room: OutlookRoom }) {
  const styles = useStyles();
  const t = useLabel();
  const image = useAuthorizedImage(room.image_url);
  if (!room.image_url || image.error) return null;
  if (!image.url) return <div className={styles.placeholder} aria-hidden="true" />;
  return (
    <img
      className={styles.photo}
      src={image.url}
      alt={t('outlook.photo-of', 'Photo of {name}', { name: room.name })}
      data-testid="room-photo"
    />
  );
}
