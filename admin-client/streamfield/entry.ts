/**
 * The editor's browser entry for admin pages: mounts every StreamField and page-field editor
 * once the DOM is read, then announces it (after the editors' own first writes, a task later),
 * so that autosave can take the mounted form as its baseline instead of a draft to save.
 */
import { EDITORS_MOUNTED_EVENT } from './editor-events';
import { mountAll } from './mount-all';

function mountAndAnnounce(): void {
  mountAll();
  window.setTimeout(() => document.dispatchEvent(new CustomEvent(EDITORS_MOUNTED_EVENT)), 0);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAndAnnounce, { once: true });
else mountAndAnnounce();
