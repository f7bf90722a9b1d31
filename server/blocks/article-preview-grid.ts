import { z } from 'zod';
import type { ArticlePreviewGridProps, ArticlePreviewProps } from '../../client/blocks/ArticlePreviewGrid';
import type { Page } from '../db/schema';
import { getPage } from '../models/pages';
import { publicListablePages } from '../models/public-pages';
import { pageUrlWithinSite } from '../site-chrome';
import { destinationSchema, optionalText, resolveDestination } from './media-fields';
import { buttonStyleSchema, imageRefSchema, pageRefSchema, resolveImage } from './references';
import { defineBlock, type BlockContext } from './types';

/** SPEC §3 Article preview: title, date, image and link. */
const articleSchema = z.object({
  title: z.string().trim().min(1).max(200),
  date: z.iso.date(),
  image: imageRefSchema.nullable().default(null),
  link: destinationSchema,
});

/** What a child page of the source page contributes: press pages store a date and a feature image. */
const childContentSchema = z.object({
  date: z.iso.date().optional().catch(undefined),
  feature_image: imageRefSchema.nullable().optional().catch(undefined),
});

/** An article before its image and link are resolved. */
interface ArticleSource {
  title: string;
  date: string;
  image: number | null;
  url: () => Promise<string | null>;
}

const CARD_IMAGE = { spec: 'fill-800x500-c30|format-webp', srcsetWidths: [400, 600, 800], sizes: '(min-width: 1200px) 360px, (min-width: 841px) 31vw, 100vw' };

function fromChildPage(context: BlockContext, page: Page): ArticleSource {
  const content = childContentSchema.parse(page.content);
  // Pages without a date of their own fall back to when they were first published (a UTC day).
  const date = content.date ?? (page.first_published_at ?? new Date(0)).toISOString().slice(0, 10);
  return { title: page.title, date, image: content.feature_image ?? null, url: async () => pageUrlWithinSite(page, context.siteRoot) };
}

/** The public children of the source page, or null when it is not a live page of this site. */
async function sourcePageArticles(context: BlockContext, pageId: number): Promise<{ page: Page; articles: ArticleSource[] } | null> {
  const page = await getPage(context.db, pageId);
  if (!page?.live || !page.path.startsWith(context.siteRoot.path)) {
    context.logger.warn({ reference: `page ${pageId}` }, 'An article preview grid lists the children of a page that is not live in this site');
    return null;
  }
  const children = await publicListablePages(context.db, { siteRoot: context.siteRoot, under: page, levels: 1 });
  return { page, articles: children.map((child) => fromChildPage(context, child)) };
}

async function resolveArticle(context: BlockContext, article: ArticleSource): Promise<ArticlePreviewProps | null> {
  const [url, image] = await Promise.all([article.url(), resolveImage(context, article.image, CARD_IMAGE)]);
  return url ? { title: article.title, date: article.date, image, url, external: /^https?:\/\//i.test(url) } : null;
}

/** The newest articles first: ISO dates sort as text, and the sort is stable for equal days. */
function newestFirst(articles: ArticleSource[], limit: number): ArticleSource[] {
  return [...articles].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)).slice(0, limit);
}

/**
 * Article previews (title, M.d.yy date, image, link) and a 'See All' link: the newest children
 * of a chosen page, or the articles entered here when no page is chosen (or it is gone).
 */
export const articlePreviewGridBlock = defineBlock({
  type: 'article_preview_grid',
  label: 'Article preview grid',
  preview: {
    heading: 'In the news',
    articles: [
      { title: 'A new restaurant by the pier', date: '2026-05-01', link: { url: '/press/' } },
      { title: 'Lobsterfest returns', date: '2026-06-12', link: { url: '/press/' } },
      { title: 'Our chowder wins again', date: '2026-07-20', link: { url: '/press/' } },
    ],
  },
  schema: z.object({
    heading: optionalText(120),
    source_page: pageRefSchema.nullable().default(null),
    articles: z.array(articleSchema).max(12).default([]),
    limit: z.number().int().min(1).max(12).default(3).meta({ label: 'Number of articles', help_text: 'From 1 to 12; 3 fills one row.' }),
    see_all: destinationSchema.nullable().default(null),
    see_all_style: buttonStyleSchema.default('secondary').meta({ label: "'See All' style" }),
  }),
  toProps: async (value, context): Promise<ArticlePreviewGridProps> => {
    const fromPage = value.source_page === null ? null : await sourcePageArticles(context, value.source_page);
    const sources: ArticleSource[] =
      fromPage?.articles ??
      value.articles.map((article) => ({
        title: article.title,
        date: article.date,
        image: article.image,
        url: async () => (await resolveDestination(context, article.link, article.title))?.url ?? null,
      }));
    const articles = await Promise.all(newestFirst(sources, value.limit).map((article) => resolveArticle(context, article)));
    // Without a 'See All' link of its own, the grid points at the page it lists.
    const seeAll = value.see_all ?? (fromPage ? { page: fromPage.page.id, url: null } : null);
    const seeAllLink = await resolveDestination(context, seeAll, '', value.see_all_style);
    return {
      heading: value.heading || null,
      articles: articles.filter((article): article is ArticlePreviewProps => article !== null),
      seeAll: seeAllLink && { url: seeAllLink.url, style: seeAllLink.style, external: seeAllLink.external },
    };
  },
});
