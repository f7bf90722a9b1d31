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

/** The Kysely database interface: one entry per table, in migration order. */
export interface Database {
  users: UsersTable;
  pages: PagesTable;
  page_revisions: PageRevisionsTable;
  sites: SitesTable;
  site_settings: SiteSettingsTable;
}

export type User = Selectable<UsersTable>;
export type Page = Selectable<PagesTable>;
export type NewPage = Insertable<PagesTable>;
export type PageUpdate = Updateable<PagesTable>;
export type PageRevision = Selectable<PageRevisionsTable>;
export type Site = Selectable<SitesTable>;
