/** The messages of the resource checks, the same on the add and edit screens and in the API. */
export const RESOURCE_MESSAGES = {
  nameTaken: 'Another resource on this level already has this name.',
  capacityOverMax: 'The capacity cannot be more than the maximum capacity.',
  noFloorPlan: 'The level has no floor plan.',
  busy: 'The resource is being booked right now. Try again.',
} as const;
