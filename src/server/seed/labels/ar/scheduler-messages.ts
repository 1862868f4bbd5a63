import type { ArabicLabels } from '../../labels';

/** Arabic labels of ../scheduler-messages.ts, machine-drafted: to be reviewed by a native speaker. */
export const AR_SCHEDULER_MESSAGES: ArabicLabels = {
  'messages.scheduler.taken': '{name} محجوز بالفعل في {date} من {from} إلى {to}.',
  'messages.scheduler.full': '{name} محجوز بالكامل في {date} من {from} إلى {to}.',
  'messages.scheduler.closed': 'لا يمكن حجز {name} في {date} من {from} إلى {to}.',
  'messages.scheduler.over': 'لا يمكن حجز {name} في {date} من {from} إلى {to}: لقد انقضى هذا الوقت.',
};
