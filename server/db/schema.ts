import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** JSONB columns: read as parsed JSON, written as a JSON string or value. */
type Json<T> = ColumnType<T, T | string, T | string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  password: Generated<string>;
  is_superuser: Generated<boolean>;
  is_active: Generated<boolean>;
  date_joined: Generated<Timestamp>;
  last_login: Timestamp | null;
  /** An IANA zone the admin shows this user's dates in; '' for the site's TIME_ZONE. */
  current_time_zone: Generated<string>;
}

export interface PagesTable {
  id: Generated<number>;
  path: string;
  depth: number;
  numchild: Generated<number>;
  title: string;
  draft_title: string;
  slug: string;
  url_path: string;
  page_type: string;
  content: Json<Record<string, unknown>>;
  seo_title: Generated<string>;
  search_description: Generated<string>;
  show_in_menus: Generated<boolean>;
  live: Generated<boolean>;
  has_unpublished_changes: Generated<boolean>;
  first_published_at: Timestamp | null;
  last_published_at: Timestamp | null;
  live_revision_id: number | null;
  latest_revision_id: number | null;
  latest_revision_created_at: Timestamp | null;
  go_live_at: Timestamp | null;
  expire_at: Timestamp | null;
  expired: Generated<boolean>;
  locked: Generated<boolean>;
  locked_at: Timestamp | null;
  locked_by: number | null;
  owner: number | null;
  /** The task a page in moderation waits on; null when no workflow is in progress. */
  workflow_task_id: Generated<number | null>;
}

export interface PageRevisionsTable {
  id: Generated<number>;
  page_id: number;
  content: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  user_id: number | null;
  approved_go_live_at: Timestamp | null;
}

export interface SitesTable {
  id: Generated<number>;
  hostname: string;
  port: Generated<number>;
  site_name: Generated<string>;
  root_page_id: number;
  is_default_site: Generated<boolean>;
}

export interface SiteSettingsTable {
  site_id: number;
  value: Json<Record<string, unknown>>;
}

/** A folder of media; the root collection ('Root') has no parent. */
export interface CollectionsTable {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
  created_at: CreatedAt;
}

/** An uploaded image; focal_point_x/y is the centre of the focal area (Wagtail's convention). */
export interface ImagesTable {
  id: Generated<number>;
  title: string;
  file: string;
  width: number;
  height: number;
  file_size: number;
  file_hash: string;
  focal_point_x: number | null;
  focal_point_y: number | null;
  focal_point_width: number | null;
  focal_point_height: number | null;
  collection_id: number;
  created_at: CreatedAt;
  uploaded_by_user_id: number | null;
  /** Alt text (Wagtail's `description`); '' when none was given. */
  description: Generated<string>;
  /** Bumped whenever renditions are dropped (focal point or file changed); part of the renditions' memo key. */
  renditions_generation: Generated<number>;
  /** Why the stored file cannot be decoded, once a rendition of it failed; null while it reads (replacing the file clears it). */
  file_error: Generated<string | null>;
}

/** A label shared by images (and any kind that tags its objects); unique case-insensitively. */
export interface TagsTable {
  id: Generated<number>;
  name: string;
}

/** Which tags an image carries. */
export interface ImageTagsTable {
  image_id: number;
  tag_id: number;
}

/** A resized or re-encoded copy of an image, one per (filter spec, focal point). */
export interface ImageRenditionsTable {
  id: Generated<number>;
  image_id: number;
  filter_spec: string;
  focal_point_key: Generated<string>;
  file: string;
  width: number;
  height: number;
}

/** An uploaded file offered for download under its filename. */
export interface DocumentsTable {
  id: Generated<number>;
  title: string;
  file: string;
  filename: string;
  file_extension: string;
  file_size: number;
  file_hash: string;
  /** Decided from the bytes at upload (octet-stream for documents stored before that). */
  content_type: string;
  collection_id: number;
  created_at: CreatedAt;
  uploaded_by_user_id: number | null;
}

/** A video: its poster image, sources and text tracks live in their own tables. */
export interface VideosTable {
  id: Generated<number>;
  title: string;
  poster_image_id: number | null;
  collection_id: number;
  created_at: CreatedAt;
  uploaded_by_user_id: Generated<number | null>;
}

/** One encoding of a video: an uploaded file (storage key) or a URL, exactly one, with its MIME type. */
export interface VideoSourcesTable {
  id: Generated<number>;
  video_id: number;
  file: string | null;
  url: string | null;
  mimetype: string;
  sort_order: Generated<number>;
}

/** A WebVTT text track of a video, served at /video-track/{id}/. */
export interface VideoTracksTable {
  id: Generated<number>;
  video_id: number;
  kind: 'subtitles' | 'captions' | 'descriptions' | 'chapters' | 'metadata';
  label: string;
  srclang: string;
  sort_order: Generated<number>;
  /** The WebVTT in media storage (new tracks), or inline `content` (tracks stored before 0018). */
  file: string | null;
  content: string | null;
}

export interface SessionsTable {
  sid: string;
  data: Json<Record<string, unknown>>;
  expires_at: Timestamp;
}

/** An email subscriber; `email` is stored trimmed and lowercased (see normalizeEmail). */
export interface SubscribersTable {
  id: Generated<number>;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  postcode: Generated<string>;
  birthday_month: number | null;
  birthday_day: number | null;
  subscribed: Generated<boolean>;
  subscribed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  consent: Generated<boolean>;
  terms_accepted_at: Timestamp | null;
}

/** What happened to a subscription; 'suppress' is an unsubscribe for an address we never had. */
export type SubscriptionEventKind = 'subscribe' | 'unsubscribe' | 'resubscribe' | 'suppress';

/** One change of a subscription, with the email campaign (BroadLogId) that led to it. */
export interface SubscriptionEventsTable {
  id: Generated<number>;
  subscriber_id: number | null;
  email: string;
  kind: SubscriptionEventKind;
  broad_log_id: string | null;
  created_at: CreatedAt;
}

/** Where a queued email stands: 'kept' means no SMTP server was configured, so it was logged instead. */
export type OutboxStatus = 'queued' | 'sent' | 'failed' | 'kept';

/** One outgoing email, queued in the transaction that caused it. */
export interface OutboxEmailsTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  sent_at: Timestamp | null;
}

/** A shared cache's generation: bumped by a flush so every process drops its copy. */
export interface CacheGenerationsTable {
  name: string;
  generation: ColumnType<string, string | number | undefined, string | number>;
  flushed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A redirect from an old path (normalised) on one site or all sites to a page or a link (Wagtail's Redirect). */
export interface RedirectsTable {
  id: Generated<number>;
  old_path: string;
  /** Null: the redirect holds on every site. */
  site_id: number | null;
  is_permanent: Generated<boolean>;
  redirect_page_id: number | null;
  redirect_link: Generated<string>;
  automatically_created: Generated<boolean>;
  created_at: CreatedAt;
}

/** An uploaded redirects spreadsheet between its preview and its import. */
export interface RedirectImportsTable {
  id: string;
  user_id: number;
  filename: string;
  headers: Json<string[]>;
  rows: Json<string[][]>;
  created_at: CreatedAt;
}

/** How a location's wait list turns tables and takes reservations. */
export interface WaitlistSettingsTable {
  rlid: number;
  turn_time_minutes: Generated<number>;
  tables: Generated<number>;
  reservation_slot_capacity: Generated<number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Where a wait-list party stands; waiting and notified parties hold a queue position. */
export type WaitlistStatus = 'waiting' | 'notified' | 'seated' | 'cancelled' | 'no_show';

/** One party on a location's wait list, known to the guest by its unguessable plan_ahead_id. */
export interface WaitlistEntriesTable {
  id: Generated<number>;
  plan_ahead_id: string;
  rlid: number;
  party_size: number;
  first_name: string;
  last_name: string;
  phone: string;
  email: string | null;
  note: string | null;
  source: Generated<'online' | 'walk_in'>;
  status: Generated<WaitlistStatus>;
  position: number | null;
  /** The place held when the party left the queue, for putting it back (RESTORE_WINDOW_MINUTES). */
  left_position: number | null;
  idempotency_key: string | null;
  /** sha256 (hex) of the request that first used idempotency_key; only that request replays. */
  idempotency_request_hash: string | null;
  created_at: CreatedAt;
  notified_at: Timestamp | null;
  seated_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  no_show_at: Timestamp | null;
}

/** Where a reservation stands: guests request, hosts confirm, either may cancel. */
export type ReservationStatus = 'requested' | 'confirmed' | 'cancelled';

/** A table reservation, known to the guest by its confirmation code. */
export interface ReservationsTable {
  id: Generated<number>;
  confirmation_code: string;
  rlid: number;
  party_size: number;
  reserved_for: Timestamp;
  first_name: string;
  last_name: string;
  phone: string;
  email: string | null;
  note: string | null;
  status: Generated<ReservationStatus>;
  idempotency_key: string | null;
  /** sha256 (hex) of the request that first used idempotency_key; only that request replays. */
  idempotency_request_hash: string | null;
  created_at: CreatedAt;
  confirmed_at: Timestamp | null;
  cancelled_at: Timestamp | null;
}

export interface PageViewRestrictionsTable {
  id: Generated<number>;
  page_id: number;
  restriction_type: 'password' | 'login';
  password: Generated<string>;
}

/** A restaurant location (SPEC §3 Location), keyed by its public rlid. */
export interface LocationsTable {
  rlid: number;
  restaurant_number: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  country: string;
  country_root_url: string | null;
  zip: string;
  longitude: number;
  latitude: number;
  phone: Generated<string>;
  has_curbside: Generated<boolean>;
  has_delivery: Generated<boolean>;
  has_online_ordering: Generated<boolean>;
  has_take_out: Generated<boolean>;
  is_dining_room_opened: Generated<boolean>;
  is_temporarily_closed: Generated<boolean>;
  outside_dining: Generated<boolean>;
  is_reservations_enabled: Generated<boolean>;
  local_page_url: string | null;
  estimated_wait_time: string | null;
  /** Parties holding a place in the queue (waiting or notified), kept by a trigger on waitlist_entries. */
  waitlist_active: Generated<number>;
  wait_list_max_party_size: number | null;
  wait_list_ready: boolean | null;
  /** When the location closed for good; null while it is open (temporary closures are is_temporarily_closed). */
  permanently_closed_at: Timestamp | null;
  /** The IANA time zone the restaurant's hours and bookings are in ('America/Denver'). */
  time_zone: string;
}

/** One opening span of a location on one weekday (0 = Sunday), 'HH:MM' times. */
export interface LocationHoursTable {
  id: Generated<number>;
  location_rlid: number;
  kind: 'operation' | 'curbside' | 'delivery';
  day_of_week: number;
  open: string;
  close: string;
}

/** A group of users; members of a group with can_access_admin may sign in to the back office. */
export interface GroupsTable {
  id: Generated<number>;
  name: string;
  can_access_admin: Generated<boolean>;
}

export interface UserGroupsTable {
  user_id: number;
  group_id: number;
}

/** What a page permission allows (Wagtail's set); granted on a page, inherited by its subtree. */
export type PagePermission = 'add' | 'change' | 'publish' | 'bulk_delete' | 'lock' | 'unlock';

export interface GroupPagePermissionsTable {
  id: Generated<number>;
  group_id: number;
  page_id: number;
  permission: PagePermission;
}

/** What a collection permission allows on the media in a collection. */
export type CollectionPermission = 'add' | 'change' | 'choose' | 'delete';

/** Managing the collections themselves (Wagtail's add_collection, change_collection, delete_collection), granted per collection too. */
export type CollectionManagementPermission = 'add_collection' | 'change_collection' | 'delete_collection';

export interface GroupCollectionPermissionsTable {
  id: Generated<number>;
  group_id: number;
  collection_id: number;
  permission: CollectionPermission | CollectionManagementPermission;
}

/** What a location permission allows: 'host' runs the location's wait list and reservations. */
export type LocationPermission = 'host';

/** A group's right at one location, or at every location when rlid is null. */
export interface GroupLocationPermissionsTable {
  id: Generated<number>;
  group_id: number;
  rlid: number | null;
  permission: LocationPermission;
}

/** What an object permission allows on every object of its model. */
export type ObjectPermission = 'add' | 'change' | 'delete';

/** A group's object permission on one model (see server/models/object-permissions.ts). */
export interface GroupObjectPermissionsTable {
  id: Generated<number>;
  group_id: number;
  model: string;
  permission: ObjectPermission;
}

/** A moderation task: the members of its groups approve or reject what reaches it. */
export interface WorkflowTasksTable {
  id: Generated<number>;
  name: string;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface WorkflowTaskGroupsTable {
  task_id: number;
  group_id: number;
}

/** A moderation workflow: its tasks in order (workflow_steps), assigned to pages. */
export interface WorkflowsTable {
  id: Generated<number>;
  name: string;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface WorkflowStepsTable {
  workflow_id: number;
  task_id: number;
  sort_order: number;
}

/** The workflow of a page and its subtree (the nearest assigned ancestor wins). */
export interface WorkflowPagesTable {
  page_id: number;
  workflow_id: number;
}

export type WorkflowStatus = 'in_progress' | 'approved' | 'needs_changes' | 'cancelled';
export type TaskStatus = 'in_progress' | 'approved' | 'rejected' | 'cancelled';

/** One run of a workflow on a page, from submission to approval, rejection or cancellation. */
export interface WorkflowStatesTable {
  id: Generated<number>;
  page_id: number;
  workflow_id: number;
  status: WorkflowStatus;
  requested_by: number | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}

/** One task of a workflow run, with the revision under review and the reviewer's decision. */
export interface WorkflowTaskStatesTable {
  id: Generated<number>;
  workflow_state_id: number;
  task_id: number;
  revision_id: number;
  status: TaskStatus;
  started_at: CreatedAt;
  finished_at: Timestamp | null;
  finished_by: number | null;
  comment: Generated<string>;
}

/** One audited back-office action ('page.publish'), with who did it and when. */
export interface AdminLogEntriesTable {
  id: Generated<number>;
  action: string;
  page_id: number | null;
  object_type: Generated<string>;
  object_id: number | null;
  label: Generated<string>;
  user_id: number | null;
  created_at: CreatedAt;
  data: Json<Record<string, unknown>>;
}

/** An open edit form of a page, kept alive by pings. */
export interface EditingSessionsTable {
  session_key: string;
  user_id: number;
  page_id: number;
  last_seen_at: Timestamp;
}

/** Failed sign-ins per key ('user:name' or 'ip:addr') in the current window. */
export interface LoginFailuresTable {
  key: string;
  failures: Generated<number>;
  window_started_at: Timestamp;
  locked_until: Timestamp | null;
}

/** One visitor form submission (contact us): the page it was sent from and what was typed. */
export interface FormSubmissionsTable {
  id: Generated<number>;
  page_id: number;
  form_data: Json<Record<string, unknown>>;
  ip_hash: Generated<string>;
  submit_time: CreatedAt;
}

/** A special occasion a subscriber asked to be remembered (birthday of a partner, anniversary). */
export interface SubscriberOccasionsTable {
  id: Generated<number>;
  subscriber_id: number;
  occasion: string;
  relationship: string;
  month: number;
  day: number;
  created_at: CreatedAt;
}

/** A fixed-window hit counter of one rate limit for one client. */
export interface RateLimitHitsTable {
  bucket: string;
  client_key: string;
  window_start: Timestamp;
  hits: Generated<number>;
}

/** A signup waiting for its confirmation link (double opt-in); `signup` holds the form's data. */
export interface EmailSignupConfirmationsTable {
  id: Generated<number>;
  email: string;
  signup: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  confirmed_at: Timestamp | null;
}

/** A built-in captcha token that has passed once, kept until it would expire anyway. */
export interface UsedCaptchaTokensTable {
  token: string;
  expires_at: Timestamp;
}

/** The Kysely database interface: one entry per table, in migration order. */
export interface Database {
  users: UsersTable;
  pages: PagesTable;
  page_revisions: PageRevisionsTable;
  sites: SitesTable;
  site_settings: SiteSettingsTable;
  sessions: SessionsTable;
  page_view_restrictions: PageViewRestrictionsTable;
  collection_view_restrictions: CollectionViewRestrictionsTable;
  collection_view_restriction_groups: CollectionViewRestrictionGroupsTable;
  collections: CollectionsTable;
  images: ImagesTable;
  image_renditions: ImageRenditionsTable;
  tags: TagsTable;
  image_tags: ImageTagsTable;
  documents: DocumentsTable;
  videos: VideosTable;
  video_sources: VideoSourcesTable;
  video_tracks: VideoTracksTable;
  subscribers: SubscribersTable;
  subscription_events: SubscriptionEventsTable;
  locations: LocationsTable;
  location_hours: LocationHoursTable;
  groups: GroupsTable;
  user_groups: UserGroupsTable;
  group_page_permissions: GroupPagePermissionsTable;
  group_collection_permissions: GroupCollectionPermissionsTable;
  group_location_permissions: GroupLocationPermissionsTable;
  group_object_permissions: GroupObjectPermissionsTable;
  admin_log_entries: AdminLogEntriesTable;
  login_failures: LoginFailuresTable;
  editing_sessions: EditingSessionsTable;
  outbox_emails: OutboxEmailsTable;
  cache_generations: CacheGenerationsTable;
  redirects: RedirectsTable;
  redirect_imports: RedirectImportsTable;
  waitlist_settings: WaitlistSettingsTable;
  waitlist_entries: WaitlistEntriesTable;
  reservations: ReservationsTable;
  form_submissions: FormSubmissionsTable;
  subscriber_occasions: SubscriberOccasionsTable;
  rate_limit_hits: RateLimitHitsTable;
  workflow_tasks: WorkflowTasksTable;
  workflow_task_groups: WorkflowTaskGroupsTable;
  workflows: WorkflowsTable;
  workflow_steps: WorkflowStepsTable;
  workflow_pages: WorkflowPagesTable;
  workflow_states: WorkflowStatesTable;
  workflow_task_states: WorkflowTaskStatesTable;
  email_signup_confirmations: EmailSignupConfirmationsTable;
  used_captcha_tokens: UsedCaptchaTokensTable;
  countries: CountriesTable;
  tiered_navigations: TieredNavigationsTable;
  toolbox_snippets: ToolboxSnippetsTable;
  snippet_revisions: SnippetRevisionsTable;
}

export type User = Selectable<UsersTable>;
export type Page = Selectable<PagesTable>;
export type NewPage = Insertable<PagesTable>;
/** A country the locations directory names (snippet). */
export interface CountriesTable {
  id: Generated<number>;
  /** ISO 3166-1 alpha-2, as the locations table stores it ('US'). */
  code: string;
  printable_name: string;
  /** The country's own site address for ordering links; empty when it has none. */
  root_url: Generated<string>;
}

/** Two tiers of links below a root page, shown by tiered-nav blocks (snippet). */
export interface TieredNavigationsTable {
  id: Generated<number>;
  name: string;
  heading: Generated<string>;
  root_page_id: number | null;
}

/** A reusable titled piece of content (snippet). */
export interface ToolboxSnippetsTable {
  id: Generated<number>;
  title: string;
  body: Json<unknown[]>;
}

/** A saved version of a snippet: its fields as JSON, who saved it and when. */
export interface SnippetRevisionsTable {
  id: Generated<number>;
  model: string;
  object_id: number;
  content: Json<Record<string, unknown>>;
  user_id: number | null;
  created_at: CreatedAt;
}

/** Who may see the documents of a collection and its descendants (Wagtail's CollectionViewRestriction). */
export interface CollectionViewRestrictionsTable {
  id: Generated<number>;
  collection_id: number;
  restriction_type: 'password' | 'login' | 'groups';
  password: Generated<string>;
}

/** The groups a 'groups' collection restriction lets in. */
export interface CollectionViewRestrictionGroupsTable {
  restriction_id: number;
  group_id: number;
}

export type PageUpdate = Updateable<PagesTable>;
export type PageRevision = Selectable<PageRevisionsTable>;
export type Site = Selectable<SitesTable>;
export type Collection = Selectable<CollectionsTable>;
export type Image = Selectable<ImagesTable>;
export type ImageRendition = Selectable<ImageRenditionsTable>;
export type Tag = Selectable<TagsTable>;
export type Document = Selectable<DocumentsTable>;
export type Video = Selectable<VideosTable>;
export type VideoSource = Selectable<VideoSourcesTable>;
export type VideoTrack = Selectable<VideoTracksTable>;
export type PageViewRestriction = Selectable<PageViewRestrictionsTable>;
export type CollectionViewRestriction = Selectable<CollectionViewRestrictionsTable>;
export type Country = Selectable<CountriesTable>;
export type TieredNavigation = Selectable<TieredNavigationsTable>;
export type ToolboxSnippet = Selectable<ToolboxSnippetsTable>;
export type SnippetRevision = Selectable<SnippetRevisionsTable>;
export type Subscriber = Selectable<SubscribersTable>;
export type SubscriptionEvent = Selectable<SubscriptionEventsTable>;
export type LocationRow = Selectable<LocationsTable>;
export type LocationHoursRow = Selectable<LocationHoursTable>;
export type Group = Selectable<GroupsTable>;
export type AdminLogEntry = Selectable<AdminLogEntriesTable>;
export type Redirect = Selectable<RedirectsTable>;
export type OutboxEmail = Selectable<OutboxEmailsTable>;
export type WaitlistEntry = Selectable<WaitlistEntriesTable>;
export type Reservation = Selectable<ReservationsTable>;
export type FormSubmission = Selectable<FormSubmissionsTable>;
export type Workflow = Selectable<WorkflowsTable>;
export type WorkflowTask = Selectable<WorkflowTasksTable>;
export type WorkflowState = Selectable<WorkflowStatesTable>;
export type WorkflowTaskState = Selectable<WorkflowTaskStatesTable>;
export type SubscriberOccasion = Selectable<SubscriberOccasionsTable>;
