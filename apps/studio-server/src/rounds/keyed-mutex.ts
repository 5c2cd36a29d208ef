/** Moved to the table host (issue 19 §2): one writer per table for every kind of table. */
export { KeyedMutex } from '../shared/host/keyed-mutex.js';
