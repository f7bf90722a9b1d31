import type { Request, Response } from 'express';
import type { Page } from '../../db/schema';
import type { PageTypeDefinition } from '../../pagetypes/types';
import type { FormProblems } from '../../forms/problems';
import { loadStreamFieldManifest } from '../streamfield-assets';
import type { AdminContext } from '../types';
import { pageEditors } from './stream-editors';

/** What the add and edit screens show in the page form. */
export interface PageFormScreen {
  pageType: PageTypeDefinition;
  problems: FormProblems;
  title: string;
  action: string;
  page?: Page;
  parent: Page;
  canPublish: boolean;
  extra?: Record<string, unknown>;
}

/** Renders the page form of the add and edit screens: common fields, the type's own editors and the StreamField assets they need. */
export function pageFormRenderer({ db, admin, storage }: Pick<AdminContext, 'db' | 'admin' | 'storage'>) {
  const editorAssets = loadStreamFieldManifest();
  return async (req: Request, res: Response, options: PageFormScreen, status = 200): Promise<void> => {
    const editors = await pageEditors(db, storage, options.pageType, options.problems);
    admin.render(
      req,
      res,
      'page-edit',
      {
        title: options.title,
        activeNav: 'pages',
        pageType: options.pageType,
        form: options.problems,
        contentFields: editors.contentFields,
        pageFieldsConfig: editors.pageFieldsConfig,
        editorAssets: editors.contentFields.length > 0 ? editorAssets : null,
        formAction: options.action,
        page: options.page,
        parent: options.parent,
        canPublish: options.canPublish,
        ...options.extra,
      },
      status,
    );
  };
}
