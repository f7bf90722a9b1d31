import type { WaitlistStatus } from '../../db/schema';

/** The statuses that hold a place in the queue. */
export const ACTIVE_STATUSES = ['waiting', 'notified'] as const satisfies readonly WaitlistStatus[];

/** Where each status may go; seated, cancelled and no-show are final. */
export const ALLOWED_TRANSITIONS: Readonly<Record<WaitlistStatus, readonly WaitlistStatus[]>> = {
  waiting: ['notified', 'seated', 'cancelled', 'no_show'],
  notified: ['seated', 'cancelled', 'no_show'],
  seated: [],
  cancelled: [],
  no_show: [],
};

/** Whether a party in `from` may move to `to`. */
export function canTransition(from: WaitlistStatus, to: WaitlistStatus): boolean {
  return ALLOWED_TRANSITIONS[from].includes(to);
}

/** Whether a status keeps the party in the queue. */
export function isActive(status: WaitlistStatus): boolean {
  return (ACTIVE_STATUSES as readonly WaitlistStatus[]).includes(status);
}

/** The column stamped when a party reaches each status. */
export const STATUS_TIME_COLUMN = {
  notified: 'notified_at',
  seated: 'seated_at',
  cancelled: 'cancelled_at',
  no_show: 'no_show_at',
} as const satisfies Partial<Record<WaitlistStatus, string>>;
