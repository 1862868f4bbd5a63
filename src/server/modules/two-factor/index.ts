export { registerTwoFactorRoutes } from './two-factor.routes';
export {
  beginSetup,
  checkSecondFactor,
  confirmSetup,
  twoFactorEnabled,
  twoFactorRequired,
  type TwoFactorDeps,
} from './two-factor.service';
export { closeChallenge, findChallenge, insertChallenge, type Who } from './two-factor.queries';
