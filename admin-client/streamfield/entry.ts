/** The editor's browser entry for admin pages: mounts every StreamField editor once the DOM is read. */
import { mountAll } from './mount-all';

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => mountAll(), { once: true });
else mountAll();
