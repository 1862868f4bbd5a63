import { makeStyles, tokens } from '@fluentui/react-components';

export const MARKER_SIZE = '28px';
/** a finger's width (44 px, the touch target guidelines' minimum), legible across a room */
export const MARKER_SIZE_LARGE = '44px';

export const useFloorPlanStyles = makeStyles({
  root: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-start', flexWrap: 'wrap' },
  planColumn: { flexGrow: 1, flexBasis: '320px', minWidth: 0, display: 'flex', flexDirection: 'column' },
  // The plan keeps its aspect ratio at the width available; markers are placed in percentages of it.
  plan: {
    position: 'relative',
    width: '100%',
    backgroundColor: tokens.colorNeutralBackground3,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    touchAction: 'none',
    userSelect: 'none',
  },
  image: { position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' },
  marker: {
    position: 'absolute',
    transform: 'translate(-50%, -50%)',
    width: MARKER_SIZE,
    height: MARKER_SIZE,
    minWidth: MARKER_SIZE,
    padding: 0,
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralBackground1}`,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase200,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    cursor: 'pointer',
    boxShadow: tokens.shadow4,
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
  large: {
    width: MARKER_SIZE_LARGE,
    height: MARKER_SIZE_LARGE,
    minWidth: MARKER_SIZE_LARGE,
    fontSize: tokens.fontSizeBase500,
    border: `${tokens.strokeWidthThicker} solid ${tokens.colorNeutralBackground1}`,
  },
  draggable: { cursor: 'grab', touchAction: 'none' },
  dragging: { cursor: 'grabbing', zIndex: 2, boxShadow: tokens.shadow16 },
  ghost: { position: 'fixed', pointerEvents: 'none', zIndex: 1000 },
  tray: {
    flexBasis: '220px',
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  trayList: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  trayItem: { justifyContent: 'flex-start', width: '100%', touchAction: 'none', cursor: 'grab' },
  hint: { color: tokens.colorNeutralForeground2 },
});
