import { z } from 'zod';
import type { EmbedProps, EmbedTarget } from '../../client/blocks/Embed';
import { defineBlock } from './types';

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
// /embed/ID, /shorts/ID, /live/ID and /v/ID; /watch carries the id in ?v=.
const YOUTUBE_PATH = /^\/(?:embed|shorts|live|v)\/([A-Za-z0-9_-]{11})\/?$/;
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);
// vimeo.com/ID, /ID/HASH (unlisted), /channels/NAME/ID, /groups/NAME/videos/ID, /album|showcase/N/video/ID.
const VIMEO_PATH = /^\/(?:channels\/[\w-]+\/|groups\/[\w-]+\/videos\/|(?:album|showcase)\/\d+\/video\/)?(\d{1,12})(?:\/([0-9a-f]{6,32}))?\/?$/;
const VIMEO_PLAYER_PATH = /^\/video\/(\d{1,12})\/?$/;
const VIMEO_HASH = /^[0-9a-f]{6,32}$/;
const YOUTUBE_PLAYER = 'https://www.youtube-nocookie.com';
const VIMEO_PLAYER = 'https://player.vimeo.com';

/** The origins of the players embed blocks frame, for the Content-Security-Policy's frame-src. */
export const EMBED_PLAYER_ORIGINS = [YOUTUBE_PLAYER, VIMEO_PLAYER] as const;

/** A YouTube start time as `t`/`start` write it ("90", "90s", "1m30s", "1h2m3s"), in seconds. */
function startSeconds(value: string | null): number | null {
  const match = value?.match(/^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/);
  if (!value || !match) return null;
  const [, hours = '0', minutes = '0', seconds = '0'] = match;
  const total = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
  return total > 0 ? total : null;
}

function youTubeId(url: URL): string | null {
  if (url.hostname === 'youtu.be') {
    const id = url.pathname.slice(1).replace(/\/$/, '');
    return YOUTUBE_ID.test(id) ? id : null;
  }
  if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
  if (url.pathname === '/watch') {
    const id = url.searchParams.get('v') ?? '';
    return YOUTUBE_ID.test(id) ? id : null;
  }
  return url.pathname.match(YOUTUBE_PATH)?.[1] ?? null;
}

function vimeoPlayerUrl(url: URL): string | null {
  let id: string | undefined;
  let hash: string | null | undefined;
  if (url.hostname === 'player.vimeo.com') {
    id = url.pathname.match(VIMEO_PLAYER_PATH)?.[1];
    hash = url.searchParams.get('h');
  } else if (VIMEO_HOSTS.has(url.hostname)) {
    [, id, hash] = url.pathname.match(VIMEO_PATH) ?? [];
  }
  if (!id) return null;
  // dnt=1: Vimeo's do-not-track mode, the counterpart of YouTube's privacy-enhanced host.
  const player = new URL(`${VIMEO_PLAYER}/video/${id}`);
  if (hash && VIMEO_HASH.test(hash)) player.searchParams.set('h', hash);
  player.searchParams.set('dnt', '1');
  return player.toString();
}

/**
 * What an editor's URL embeds as, worked out from the URL alone (no oEmbed call): a YouTube
 * video in YouTube's privacy-enhanced player, a Vimeo video in Vimeo's player, or, for any
 * other address, a link card.
 */
export function embedTargetFor(address: string): EmbedTarget {
  const url = new URL(address);
  const youTube = youTubeId(url);
  if (youTube) {
    const start = startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
    return { kind: 'frame', provider: 'youtube', src: `${YOUTUBE_PLAYER}/embed/${youTube}${start ? `?start=${start}` : ''}` };
  }
  const vimeo = vimeoPlayerUrl(url);
  if (vimeo) return { kind: 'frame', provider: 'vimeo', src: vimeo };
  return { kind: 'link', host: url.hostname.replace(/^www\./, '') };
}

/** A video from YouTube or Vimeo by its page URL; other addresses show as a link card. */
export const embedBlock = defineBlock({
  type: 'embed',
  label: 'Embed',
  preview: { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', title: 'A day on the boats' },
  schema: z.object({
    url: z
      .string()
      .trim()
      .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'must be an http:// or https:// address' }))
      .meta({ widget: 'url', help_text: 'A YouTube or Vimeo video page; other addresses show as a link.' }),
    title: z.string().trim().max(255).default('').meta({ help_text: 'What the embed shows, for screen readers and the link card.' }),
  }),
  toProps: (value): EmbedProps => ({ url: value.url, title: value.title, target: embedTargetFor(value.url) }),
});
