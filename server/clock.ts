/**
 * Where the server reads the time for decisions that depend on it (opening hours, wait-list
 * readiness, reservations, publishing schedules). One clock is handed to the app, so tests set
 * the server's time instead of depending on the hour they run at.
 */
export type Clock = () => Date;

/** The machine's clock: what production runs on. */
export const systemClock: Clock = () => new Date();
