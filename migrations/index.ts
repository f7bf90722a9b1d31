import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_pages_and_sites';
import * as m0002 from './0002_media';
import * as m0003 from './0003_sessions_and_view_restrictions';
import * as m0004 from './0004_subscribers';
import * as m0005 from './0005_locations';
import * as m0006 from './0006_location_closures';
import * as m0007 from './0007_outbox';
import * as m0008 from './0008_forms';
import * as m0009 from './0009_admin_permissions';
import * as m0010 from './0010_cache_generations';
import * as m0011 from './0011_waitlist';
import * as m0012 from './0012_location_permissions';
import * as m0013 from './0013_workflows';
import * as m0014 from './0014_idempotency_request_hash';
import * as m0015 from './0015_signup_confirmations_and_captcha_tokens';
import * as m0016 from './0016_collection_view_restrictions';
import * as m0017 from './0017_image_tags_and_alt_text';
import * as m0018 from './0018_media_files';
import * as m0019 from './0019_user_time_zone';
import * as m0020 from './0020_waitlist_left_position';
import * as m0021 from './0021_location_time_zones';
import * as m0022 from './0022_object_permissions';
import * as m0023 from './0023_redirects';
import * as m0024 from './0024_snippets';
import * as m0026 from './0026_report_indexes';
import * as m0027 from './0027_public_page_generation';
import * as m0028 from './0028_cache_generation_notices';
import * as m0029 from './0029_waitlist_active_count';
import * as m0030 from './0030_waitlist_headline_trigger';
import * as m0031 from './0031_rate_limit_hits_unlogged';
import * as m0032 from './0032_image_file_errors';
import * as m0033 from './0033_collection_management_permissions';

/** Every migration, in order. Append new ones; never edit one that has landed. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_pages_and_sites': m0001,
  '0002_media': m0002,
  '0003_sessions_and_view_restrictions': m0003,
  '0004_subscribers': m0004,
  '0005_locations': m0005,
  '0006_location_closures': m0006,
  '0007_outbox': m0007,
  '0008_forms': m0008,
  '0009_admin_permissions': m0009,
  '0010_cache_generations': m0010,
  '0011_waitlist': m0011,
  '0012_location_permissions': m0012,
  '0013_workflows': m0013,
  '0014_idempotency_request_hash': m0014,
  '0015_signup_confirmations_and_captcha_tokens': m0015,
  '0016_collection_view_restrictions': m0016,
  '0017_image_tags_and_alt_text': m0017,
  '0018_media_files': m0018,
  '0019_user_time_zone': m0019,
  '0020_waitlist_left_position': m0020,
  '0021_location_time_zones': m0021,
  '0022_object_permissions': m0022,
  '0023_redirects': m0023,
  '0024_snippets': m0024,
  '0026_report_indexes': m0026,
  '0027_public_page_generation': m0027,
  '0028_cache_generation_notices': m0028,
  '0029_waitlist_active_count': m0029,
  '0030_waitlist_headline_trigger': m0030,
  '0031_rate_limit_hits_unlogged': m0031,
  '0032_image_file_errors': m0032,
  '0033_collection_management_permissions': m0033,
};
