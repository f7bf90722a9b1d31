/** What the bench seeds and asks for, shared by the seeding script and the bench runner. */

/** The rlids the bench owns, far above the demo data's; reseeding replaces this range. */
export const BENCH_FIRST_RLID = 50_000_000;
export const BENCH_RLID_RANGE = 10_000_000;
/** Where the bench searches from: Kansas City, in the middle of the seeded area. */
export const BENCH_SEARCH = { latitude: 39.0997, longitude: -94.5786, radiusMiles: 200, limit: 26 };
/** The restaurant whose wait list the bench joins: open around the clock, wait list on. */
export const BENCH_WAITLIST_RLID = BENCH_FIRST_RLID + BENCH_RLID_RANGE - 1;
