/** Moved to the table host (issue 19 §2): one scheduler for every kind of table's deadlines. */
export { ManualScheduler, SCHEDULER, TimerScheduler, type Scheduler } from '../shared/host/scheduler.js';
