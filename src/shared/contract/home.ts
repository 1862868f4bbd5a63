import { z } from 'zod';
import { DECLARATION_STATUSES } from '../booking/declaration-rules';
import { COMPANY_PREFIX } from './common';
import { Id } from './ids';

/**
 * GET home (ours; spec §2 welcome): what the personal home shows besides the user's own bookings
 * (GET declarations): the desk they book most, for one-tap rebooking, and who of their team is in
 * today. The team is the people who share a user container with the user: the people the access
 * model already groups them with. Times are ISO instants; `timezone` is the level's.
 */
export const HomeResource = z.object({
  id: Id,
  name: z.string(),
  level_id: Id,
  timezone: z.string(),
});
export type HomeResource = z.infer<typeof HomeResource>;

export const TeamPresence = z.object({
  user_id: Id,
  name: z.string(),
  resource_name: z.string(),
  level_id: Id,
  starts_at: z.string(),
  ends_at: z.string(),
  timezone: z.string(),
  status: z.enum(DECLARATION_STATUSES),
});
export type TeamPresence = z.infer<typeof TeamPresence>;

export const HomeSummary = z.object({
  usual_resource: HomeResource.nullable(),
  team_in: z.array(TeamPresence),
});
export type HomeSummary = z.infer<typeof HomeSummary>;

export const homePath = `${COMPANY_PREFIX}/home`;
