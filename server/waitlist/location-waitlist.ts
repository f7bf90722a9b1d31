// Moved to server/models/waitlist/ (issue 39, item 4); kept until database-outage.test.ts, which another engineer holds open, imports from there.
export { saveWaitlistSettings } from '../models/waitlist/location-waitlist';
