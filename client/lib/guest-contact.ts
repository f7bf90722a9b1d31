/** What a guest types to join the wait list or book a table. */
export interface GuestContact {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string;
  note?: string;
}

/**
 * The longest value of each contact field: the visitor panels' inputs take no more, and the
 * wait-list and reservation APIs refuse more (server/views/guest-fields.ts).
 */
export const GUEST_CONTACT_MAX_LENGTH = { firstName: 100, lastName: 100, phone: 30, email: 254, note: 500 } as const satisfies Record<keyof GuestContact, number>;
