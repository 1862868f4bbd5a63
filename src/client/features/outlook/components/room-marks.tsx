import { Badge } from '@fluentui/react-components';
import type { OutlookRoom } from '../../../../shared/contract/outlook';
import { useLabel } from '../../../i18n/i18n';
import { useOutlookStyles } from './outlook.styles';

/** Why a room is proposed first (a favourite, the user's own floor) and whether it needs approval. */
export function RoomMarks({ room }: { room: OutlookRoom }) {
  const styles = useOutlookStyles();
  const t = useLabel();
  if (!room.is_favorite && !room.on_default_level && !room.needs_approval) return null;
  return (
    <span className={styles.marks}>
      {room.is_favorite && (
        <Badge appearance="tint" color="brand" size="small">
          {t('outlook.favourite', 'Favourite')}
        </Badge>
      )}
      {room.on_default_level && (
        <Badge appearance="tint" color="informative" size="small">
          {t('outlook.your-floor', 'Your floor')}
        </Badge>
      )}
      {room.needs_approval && (
        <Badge appearance="tint" color="warning" size="small">
          {t('outlook.needs-approval', 'Needs approval')}
        </Badge>
      )}
    </span>
  );
}
