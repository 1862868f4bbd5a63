export {
  claimJobs,
  completeJob,
  enqueueJob,
  failJob,
  JOBS_CHANNEL,
  pruneJobs,
  type Job,
  type NewJob,
} from './queue';
export { RetryLaterError, runDueJobs, startJobRunner, type JobHandler, type RunOptions } from './runner';
