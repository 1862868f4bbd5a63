import {
  Box16Regular,
  ConferenceRoom16Regular,
  Desk16Regular,
  LockClosed16Regular,
  VehicleCar16Regular,
  type FluentIcon,
} from '@fluentui/react-icons';

// The resource type icons the demo catalogue uses; any other type shows its initial.
const ICONS: Record<string, FluentIcon> = {
  desk: Desk16Regular,
  'conference-room': ConferenceRoom16Regular,
  'vehicle-car': VehicleCar16Regular,
  'lock-closed': LockClosed16Regular,
  box: Box16Regular,
};

/** What a marker shows: its type's icon, else the initial of its type (or its own name). */
export function MarkerFace({
  name,
  typeName,
  icon,
}: {
  name: string;
  typeName?: string;
  icon?: string | null;
}) {
  const Icon = icon ? ICONS[icon] : undefined;
  if (Icon) return <Icon aria-hidden="true" />;
  return <span aria-hidden="true">{(typeName || name).trim().charAt(0).toUpperCase() || '•'}</span>;
}
