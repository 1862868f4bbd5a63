// From Griffel itself, as in shell.styles.ts: where the build compiles a makeStaticStyles it becomes
// `__staticStyles`, which Fluent does not re-export (this one, today, is left to run as written).
import { makeStaticStyles } from '@griffel/react';

/**
 * The few layout rules leaflet's panes and markers need (the build bundles no CSS files): panes and
 * layers stacked absolutely from the top left, transforms from the origin, the zoom control in the
 * top left corner. Written for the plan's map only (CRS.Simple, an image, markers).
 */
export const useLeafletStyles = makeStaticStyles({
  '.leaflet-container': { overflow: 'hidden', position: 'relative', outlineOffset: '1px' },
  '.leaflet-pane, .leaflet-image-layer, .leaflet-marker-icon, .leaflet-zoom-box, .leaflet-layer': {
    position: 'absolute',
    left: 0,
    top: 0,
  },
  '.leaflet-container img.leaflet-image-layer': { maxWidth: 'none', maxHeight: 'none' },
  '.leaflet-zoom-animated': { transformOrigin: '0 0' },
  '.leaflet-map-pane': { zIndex: 400 },
  '.leaflet-overlay-pane': { zIndex: 400 },
  '.leaflet-marker-pane': { zIndex: 600 },
  '.leaflet-tooltip-pane': { zIndex: 650 },
  '.leaflet-popup-pane': { zIndex: 700 },
  '.leaflet-image-layer, .leaflet-marker-icon': { userSelect: 'none' },
  '.leaflet-interactive': { cursor: 'pointer' },
  '.leaflet-grab': { cursor: 'grab' },
  '.leaflet-dragging .leaflet-grab': { cursor: 'grabbing' },
  '.leaflet-top, .leaflet-bottom': { position: 'absolute', zIndex: 1000, pointerEvents: 'none' },
  '.leaflet-top': { top: 0 },
  '.leaflet-left': { left: 0 },
  '.leaflet-control': {
    position: 'relative',
    zIndex: 800,
    pointerEvents: 'auto',
    float: 'left',
    clear: 'both',
  },
  '.leaflet-top .leaflet-control': { marginTop: '10px' },
  '.leaflet-left .leaflet-control': { marginLeft: '10px' },
  '.leaflet-bar': { borderRadius: '4px', border: '2px solid rgba(0, 0, 0, 0.2)' },
  '.leaflet-bar a': {
    display: 'block',
    width: '30px',
    height: '30px',
    lineHeight: '30px',
    textAlign: 'center',
    textDecoration: 'none',
    backgroundColor: '#fff',
    color: '#000',
    font: 'bold 18px monospace',
  },
  '.leaflet-bar a:first-child': { borderBottom: '1px solid #ccc' },
  '.leaflet-bar a.leaflet-disabled': { color: '#767676', cursor: 'default' },
});
