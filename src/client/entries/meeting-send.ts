import { setAppMode } from '../api/environment';
import { onMeetingSend } from '../features/outlook/meeting-send';

/**
 * The add-in's event runtime (meeting-send.html, and this script alone where Outlook runs
 * JavaScript without a page): the OnAppointmentSend handler the unified manifest's autoRunEvents
 * names. One self-contained script with no chunks: the JavaScript-only runtime of classic Outlook on
 * Windows loads exactly the file the manifest names.
 */
setAppMode('addin');
Office.actions.associate('onMeetingSend', onMeetingSend);
