import type { LevelWidget } from '../../../shared/contract/one-click';

/** A plan or map widget's name: the user's own, else its level's. */
export const widgetTitle = (widget: LevelWidget): string => widget.title || widget.level_name;
