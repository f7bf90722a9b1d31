/**
 * The contact form's categories and topics (SPEC §9), and which visit details each topic asks
 * for. Shared by the server form (which validates the pair) and the browser (which narrows the
 * topic list and shows the visit fields).
 */

/** The topics of each category, in the order the form lists them. */
export const CONTACT_CATEGORIES: ReadonlyArray<{ category: string; topics: readonly string[] }> = [
  { category: 'My Rewards', topics: ['Help With Adding Points', 'Help With Using Rewards', 'Question About My Points/rewards', 'Help With My Profile/sign In', 'Other'] },
  { category: 'Praise', topics: ['About Dining, To Go, Or Delivery', 'Other'] },
  { category: 'Suggestion', topics: ['New Location', 'Menu Idea', 'Other'] },
  {
    category: 'Question',
    topics: ['Location Information', 'Menu Items/Events', 'Allergen And Nutrition', 'Donations', 'Gift Cards', 'Employment/Human Resources', 'Fresh Catch News', 'Other'],
  },
  { category: 'Issue or Concern?', topics: ['About Dining In, To Go, Or Delivery', 'Other'] },
];

/** The visit fields: location, date, time and order number. */
export const VISIT_FIELDS = ['location_rlid', 'visit_date', 'visit_time', 'order_number'] as const;

/** A visit field's name. */
export type VisitField = (typeof VISIT_FIELDS)[number];

/** Topics (by category) that ask about a visit, and which of the visit fields they show. */
const VISIT_FIELDS_BY_TOPIC: ReadonlyArray<{ category: string; topic: string; fields: readonly VisitField[] }> = [
  { category: 'Praise', topic: 'About Dining, To Go, Or Delivery', fields: VISIT_FIELDS },
  { category: 'Issue or Concern?', topic: 'About Dining In, To Go, Or Delivery', fields: VISIT_FIELDS },
  { category: 'Question', topic: 'Menu Items/Events', fields: ['location_rlid'] },
  { category: 'Question', topic: 'Allergen And Nutrition', fields: ['location_rlid'] },
];

/** The topics of a category; none for an unknown category. */
export function topicsOf(category: string): readonly string[] {
  return CONTACT_CATEGORIES.find((entry) => entry.category === category)?.topics ?? [];
}

/** The visit fields a category and topic show; none unless the pair is one of the visit topics. */
export function visitFieldsFor(category: string, topic: string): readonly VisitField[] {
  return VISIT_FIELDS_BY_TOPIC.find((entry) => entry.category === category && entry.topic === topic)?.fields ?? [];
}
