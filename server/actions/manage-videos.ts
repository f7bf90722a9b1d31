import type { Db } from '../db/database';
import type { Video, VideoTrack } from '../db/schema';
import { NotFoundError } from '../errors';
import { lockRowById, lockRowOrThrow } from '../models/row-locks';
import {
  addVideoFile,
  addVideoSource,
  addVideoTrack,
  createVideoWithFile,
  deleteVideo,
  deleteVideoSource,
  deleteVideoTrack,
  updateVideo,
  updateVideoTrack,
  type AddVideoFileOptions,
  type AddVideoSourceOptions,
  type AddVideoTrackOptions,
  type CreateVideoOptions,
  type VideoTrackFields,
} from '../models/videos';
import { CreateAction, type NoOptions } from './action';
import { MediaAction, requireAddTo, requireMoveTo, storageAfterCommit, type MediaActionOptions } from './media-action';

// Sources and tracks belong to their video: adding, changing or removing one is a change of the
// video, checked and locked on the video's row. Files a change makes stale go after the commit.

/** A new video's title, poster, collection and first file: the target of CreateVideoAction. */
export type NewVideo = Omit<CreateVideoOptions, 'uploadedBy' | 'collectionId'> & { collectionId: number; file: AddVideoFileOptions };

/** Uploads a video into a collection where the actor may add; the actor is its uploader. Audit 'video.create'. */
export class CreateVideoAction extends CreateAction<NewVideo, Video, MediaActionOptions> {
  protected checkAgainst(fields: NewVideo): void {
    requireAddTo(this.actor, fields.collectionId, 'video');
  }

  protected async perform(trx: Db, fields: NewVideo): Promise<Video> {
    const video = await createVideoWithFile(trx, storageAfterCommit(this.options.storage, trx), { ...fields, uploadedBy: this.actorId });
    await this.audit(trx, { action: 'video.create', objectType: 'video', objectId: video.id, label: video.title, data: { collection_id: video.collection_id } });
    return video;
  }
}

/** An action on a video, re-read under a row lock; its changes need 'change' on it. */
abstract class VideoAction<Result, Options = NoOptions> extends MediaAction<Video, Result, Options> {
  protected readonly noun = 'video';
  protected readonly needs: 'change' | 'delete' = 'change';

  protected lockTarget(trx: Db, video: Video): Promise<Video> {
    return lockRowOrThrow(trx, 'videos', video.id, 'There is no such video.');
  }

  /** One of the video's tracks, re-read under a row lock. */
  protected async lockTrack(trx: Db, video: Video, trackId: number): Promise<VideoTrack> {
    const track = await lockRowById(trx, 'video_tracks', trackId);
    if (!track || track.video_id !== video.id) throw new NotFoundError('This video has no track with this id.');
    return track;
  }

  /** The storage for this transaction: stale files go after the commit. */
  protected storage(trx: Db) {
    return storageAfterCommit(this.options.storage, trx);
  }
}

/** Changes a video's title, poster and collection (where the actor may add or change). Audit 'video.edit'. */
export class EditVideoAction extends VideoAction<Video, CreateVideoOptions & { collectionId: number }> {
  protected checkAgainst(video: Video): void {
    super.checkAgainst(video);
    requireMoveTo(this.actor, video, this.options.collectionId, ['add', 'change']);
  }

  protected async perform(trx: Db, video: Video): Promise<Video> {
    const { storage: _storage, ...changes } = this.options;
    const updated = await updateVideo(trx, video, changes);
    await this.auditItem(trx, 'video.edit', updated, {
      title: { before: video.title, after: updated.title },
      collection_id: { before: video.collection_id, after: updated.collection_id },
      poster_image_id: updated.poster_image_id,
    });
    return updated;
  }
}

/** Deletes a video with its sources and tracks; their files go after the commit. Audit 'video.delete'. */
export class DeleteVideoAction extends VideoAction<void> {
  protected readonly needs = 'delete';

  protected async perform(trx: Db, video: Video): Promise<void> {
    await deleteVideo(trx, this.storage(trx), video);
    await this.auditItem(trx, 'video.delete', video);
  }
}

/** Adds a source to a video: an uploaded file, or an address. Audit 'video.source.create'. */
export class AddVideoSourceAction extends VideoAction<void, { source: { file: AddVideoFileOptions } | { url: AddVideoSourceOptions } }> {
  protected async perform(trx: Db, video: Video): Promise<void> {
    const { source } = this.options;
    const added = 'file' in source ? await addVideoFile(trx, this.storage(trx), video.id, source.file) : await addVideoSource(trx, video.id, source.url);
    await this.auditItem(trx, 'video.source.create', video, { source_id: added.id, file: added.file, url: added.url });
  }
}

/** Removes a source of a video; its file goes after the commit. Audit 'video.source.delete'. */
export class DeleteVideoSourceAction extends VideoAction<void, { sourceId: number }> {
  protected async perform(trx: Db, video: Video): Promise<void> {
    await deleteVideoSource(trx, this.storage(trx), video.id, this.options.sourceId);
    await this.auditItem(trx, 'video.source.delete', video, { source_id: this.options.sourceId });
  }
}

/** Adds a WebVTT text track to a video. Audit 'video.track.create'. */
export class AddVideoTrackAction extends VideoAction<VideoTrack, AddVideoTrackOptions> {
  protected async perform(trx: Db, video: Video): Promise<VideoTrack> {
    const { storage: _storage, ...track } = this.options;
    const added = await addVideoTrack(trx, this.storage(trx), video.id, track);
    await this.auditItem(trx, 'video.track.create', video, { track_id: added.id, label: added.label, srclang: added.srclang });
    return added;
  }
}

/** Changes one of a video's tracks, and its WebVTT when given; the old file goes after the commit. Audit 'video.track.edit'. */
export class EditVideoTrackAction extends VideoAction<VideoTrack, { trackId: number; fields: VideoTrackFields; content?: Uint8Array }> {
  protected async perform(trx: Db, video: Video): Promise<VideoTrack> {
    const { trackId, fields, content } = this.options;
    const track = await this.lockTrack(trx, video, trackId);
    const updated = await updateVideoTrack(trx, this.storage(trx), track, { ...fields, content });
    await this.auditItem(trx, 'video.track.edit', video, { track_id: updated.id, label: updated.label, srclang: updated.srclang, file_replaced: content !== undefined });
    return updated;
  }
}

/** Removes one of a video's tracks; its file goes after the commit. Audit 'video.track.delete'. */
export class DeleteVideoTrackAction extends VideoAction<void, { trackId: number }> {
  protected async perform(trx: Db, video: Video): Promise<void> {
    const track = await this.lockTrack(trx, video, this.options.trackId);
    await deleteVideoTrack(trx, this.storage(trx), video.id, track.id);
    await this.auditItem(trx, 'video.track.delete', video, { track_id: track.id, label: track.label });
  }
}
