import { makeStyles, shorthands, tokens } from '@fluentui/react-components';

const line = `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`;

/**
 * react-big-calendar's stylesheet gives the layout; these rules, one class deeper so they win,
 * give it Fluent's fonts, lines and colours.
 */
export const useCalendarStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minHeight: 0 },
  calendar: {
    height: '70vh',
    minHeight: '480px',
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground1,
    '& .rbc-month-view, & .rbc-time-view, & .rbc-agenda-view table.rbc-agenda-table': {
      ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke2),
      borderRadius: tokens.borderRadiusMedium,
    },
    '& .rbc-header': {
      ...shorthands.borderColor(tokens.colorNeutralStroke2),
      fontWeight: tokens.fontWeightSemibold,
      paddingBlock: tokens.spacingVerticalXS,
    },
    '& .rbc-month-row + .rbc-month-row, & .rbc-day-bg + .rbc-day-bg, & .rbc-header + .rbc-header': {
      ...shorthands.borderColor(tokens.colorNeutralStroke2),
    },
    '& .rbc-time-content, & .rbc-time-header-content, & .rbc-timeslot-group, & .rbc-day-slot .rbc-time-slot, & .rbc-time-content > * + * > *':
      { ...shorthands.borderColor(tokens.colorNeutralStroke2) },
    // Bookings are never all-day (showMultiDayTimes puts long ones in the grid): the all-day row
    // stays empty, and its ARIA rows outside a table are what axe reports on the page.
    '& .rbc-time-header-content > .rbc-allday-cell': { display: 'none' },
    '& .rbc-time-content:focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '-2px',
    },
    // An hour tall enough for a booking's time, place and zone.
    '& .rbc-time-content .rbc-timeslot-group': { minHeight: '60px' },
    '& .rbc-off-range-bg': { backgroundColor: tokens.colorNeutralBackground3 },
    '& .rbc-off-range': { color: tokens.colorNeutralForeground3 },
    '& .rbc-today': { backgroundColor: tokens.colorBrandBackground2 },
    '& .rbc-current-time-indicator': { backgroundColor: tokens.colorPaletteRedBorder2 },
    '& .rbc-button-link': { color: 'inherit', fontFamily: 'inherit', fontSize: 'inherit' },
    '& .rbc-show-more': { color: tokens.colorBrandForegroundLink, backgroundColor: 'transparent' },
    '& .rbc-event, & .rbc-day-slot .rbc-background-event': {
      borderRadius: tokens.borderRadiusMedium,
      ...shorthands.border(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke1),
    },
    '& .rbc-event:focus-visible, & .rbc-event:focus-within': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '1px',
    },
    '& .rbc-agenda-view table.rbc-agenda-table tbody > tr > td, & .rbc-agenda-view table.rbc-agenda-table thead > tr > th':
      { ...shorthands.borderColor(tokens.colorNeutralStroke2), paddingBlock: tokens.spacingVerticalS },
    '& .rbc-agenda-view table.rbc-agenda-table tbody > tr': { cursor: 'pointer' },
    '@media (forced-colors: active)': {
      '& .rbc-event': { forcedColorAdjust: 'none', ...shorthands.border('1px', 'solid', 'CanvasText') },
    },
  },
  weekend: { backgroundColor: tokens.colorNeutralBackground2 },
  // Status colours (spec: booked, checked in, released or cancelled): tokens, so dark and
  // high-contrast themes keep them readable.
  booked: {
    '&.rbc-event': {
      backgroundColor: tokens.colorBrandBackground,
      color: tokens.colorNeutralForegroundOnBrand,
    },
  },
  'checked-in': {
    '&.rbc-event': {
      backgroundColor: tokens.colorPaletteGreenBackground3,
      color: tokens.colorNeutralForegroundOnBrand,
    },
  },
  ended: {
    '&.rbc-event': { backgroundColor: tokens.colorNeutralBackground5, color: tokens.colorNeutralForeground1 },
  },
  released: {
    '&.rbc-event': {
      backgroundColor: tokens.colorNeutralBackground4,
      color: tokens.colorNeutralForeground2,
      textDecorationLine: 'line-through',
      ...shorthands.borderStyle('dashed'),
    },
  },
  legend: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    alignItems: 'center',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  swatch: {
    display: 'inline-block',
    width: '12px',
    height: '12px',
    marginInlineEnd: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusSmall,
    verticalAlign: 'middle',
    border: line,
  },
  swatchBooked: { backgroundColor: tokens.colorBrandBackground },
  swatchCheckedIn: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  swatchEnded: { backgroundColor: tokens.colorNeutralBackground5 },
  swatchReleased: { backgroundColor: tokens.colorNeutralBackground4, ...shorthands.borderStyle('dashed') },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalS,
  },
  toolbarGroup: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  eventButton: {
    display: 'block',
    margin: 0,
    padding: 0,
    ...shorthands.borderStyle('none'),
    backgroundColor: 'transparent',
    color: 'inherit',
    font: 'inherit',
    textAlign: 'start',
    width: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
  },
  eventZone: { display: 'block', fontSize: tokens.fontSizeBase100, opacity: 0.9 },
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  body: { display: 'flex', alignItems: 'stretch', gap: tokens.spacingHorizontalM, minWidth: 0 },
  grow: { flexGrow: 1, minWidth: 0 },
  drawer: { width: '360px', maxWidth: '45%', backgroundColor: tokens.colorNeutralBackground1 },
  drawerRegion: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  details: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
    '& dt': { fontWeight: tokens.fontWeightSemibold },
    '& dd': { margin: 0 },
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});
