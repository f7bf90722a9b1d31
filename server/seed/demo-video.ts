import { readFile } from 'node:fs/promises';
import type { StreamValue } from '../blocks/stream';
import type { Db } from '../db/database';
import type { MediaStorage } from '../media-storage';
import { addVideoTrack, createVideoWithFile } from '../models/videos';
import type { DemoPage, DemoRefs } from './demo-types';

const DEMO_VIDEO_TITLE = 'From Dock to Dish';
// A 6-second VP9 WebM made by scripts/generate-harbor-clip.ts, and its English captions.
const CLIP = new URL('./assets/harbor-clip.webm', import.meta.url);
const CAPTIONS = new URL('./assets/harbor-clip.en.vtt', import.meta.url);

/**
 * Adds the demo video to the library: a title, a poster, the shipped clip as its source and
 * English captions, each stored through media storage as an editor's upload would be.
 */
export async function seedDemoVideo(db: Db, storage: MediaStorage, refs: DemoRefs): Promise<{ videoId: number }> {
  const [clip, captions] = await Promise.all([readFile(CLIP), readFile(CAPTIONS)]);
  const video = await createVideoWithFile(db, storage, { title: DEMO_VIDEO_TITLE, posterImageId: refs.images['harbor-hero'], file: { filename: 'harbor-clip.webm', bytes: clip } });
  await addVideoTrack(db, storage, video.id, { kind: 'captions', label: 'English', srclang: 'en', content: captions });
  return { videoId: video.id };
}

let blockCounter = 0;
function block(type: string, value: Record<string, unknown>): StreamValue[number] {
  blockCounter += 1;
  return { type, value, id: `demo-video-${type}-${blockCounter}` };
}

function videoBlocks(refs: DemoRefs, videoId: number): StreamValue {
  return [
    block('video', { video: videoId, autoplay: false, caption: 'Our fishmongers meet the boats at dawn and cut every fillet in-house.' }),
    block('video_feature', {
      video: videoId,
      image: refs.images['grilled-salmon'],
      title: 'Wood-grilled, the harbor way',
      subtitle: 'Watch our chefs fire up the oak grill for the salmon that made Red Harbor famous.',
      show_share_icons: true,
      facebook_url: 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fwww.redharbor.example%2Fwatch%2F',
      twitter_url: 'https://x.com/intent/post?url=https%3A%2F%2Fwww.redharbor.example%2Fwatch%2F&text=From%20Dock%20to%20Dish',
      fineprint: 'Filmed at Red Harbor Portland. Menu items and preparation vary by location.',
    }),
  ];
}

/**
 * The demo pages of the video group: "Watch: From Dock to Dish" (video, video feature, a
 * YouTube embed and a framed map) and "Email Preferences" (the unsubscribe form). Without a
 * video the video and video feature blocks are left out.
 */
export function demoVideoPages(refs: DemoRefs & { videoId: number | null }): DemoPage[] {
  return [
    {
      title: 'Watch: From Dock to Dish',
      slug: 'watch',
      pageType: 'content_page',
      searchDescription: 'Follow the day\u2019s catch from the boats to your table, and see where to find a Red Harbor near you.',
      content: {
        confirmation: [],
        body: [
          block('rich_text', {
            alignment: 'left',
            html: '<p>Every morning our buyers are on the dock before sunrise. Follow the catch from the boat to the grill, and see how a Red Harbor kitchen turns it into dinner.</p>',
          }),
          ...(refs.videoId === null ? [] : videoBlocks(refs, refs.videoId)),
          block('heading', { text: 'From our YouTube channel', level: 'h2', alignment: 'left' }),
          block('embed', { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', title: 'Red Harbor on YouTube' }),
          block('heading', { text: 'Find us on the waterfront', level: 'h2', alignment: 'left' }),
          block('iframe', {
            url: 'https://www.openstreetmap.org/export/embed.html?bbox=-70.2700%2C43.6500%2C-70.2400%2C43.6650&layer=mapnik&marker=43.6575%2C-70.2550',
            mobile_url: 'https://www.openstreetmap.org/export/embed.html?bbox=-70.2600%2C43.6540%2C-70.2500%2C43.6610&layer=mapnik&marker=43.6575%2C-70.2550',
            default_height: 420,
            title: 'Map of Red Harbor Portland on the waterfront',
          }),
        ],
      },
    },
    {
      title: 'Email Preferences',
      slug: 'email-preferences',
      pageType: 'content_page',
      searchDescription: 'Unsubscribe from Red Harbor marketing emails.',
      content: {
        confirmation: [],
        body: [
          block('unsubscribe', {
            heading: 'Unsubscribe from Red Harbor emails',
            intro: 'Sorry to see you go. Enter your email address and we will stop sending you offers and news. You will still receive receipts and messages about orders you place.',
          }),
        ],
      },
    },
  ];
}
