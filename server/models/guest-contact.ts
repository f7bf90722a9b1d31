/** What a guest gives to join a wait list or book a table: a name and how to reach them. */
export interface GuestContactInput {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string | null;
  note?: string | null;
}

/** A guest's contact as reservations and wait-list entries store it: absent email and note as null. */
export function guestContactColumns(guest: GuestContactInput) {
  return { first_name: guest.firstName, last_name: guest.lastName, phone: guest.phone, email: guest.email ?? null, note: guest.note ?? null };
}
