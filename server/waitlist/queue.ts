// Moved to server/models/waitlist/ (issue 39, item 4); kept until server/app.ts, which another engineer holds open, imports from there.
export { joinConditionsCache } from '../models/waitlist/queue';
