/**
 * The rich text field: TipTap with the tags the server's sanitizer keeps (paragraphs, h2-h4,
 * bold, italic, lists, links), a labelled toolbar and HTML out on every change.
 */
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { gettext } from '../../client/lib/i18n';
import { button, h, nextDomId, type Scope } from './dom';
import { icon } from './icons';

/** What a rich text field needs from its form. */
export interface RichTextOptions {
  labelId: string;
  html: string;
  onChange(html: string): void;
  scope: Scope;
}

interface ToolbarAction {
  label: () => string;
  text: string;
  run(editor: Editor): void;
  isActive(editor: Editor): boolean;
}

function headingAction(level: 2 | 3 | 4, label: () => string): ToolbarAction {
  return {
    label,
    text: `H${level}`,
    run: (editor) => editor.chain().focus().toggleHeading({ level }).run(),
    isActive: (editor) => editor.isActive('heading', { level }),
  };
}

const TOOLBAR: ToolbarAction[] = [
  { label: () => gettext('Bold'), text: 'B', run: (editor) => editor.chain().focus().toggleBold().run(), isActive: (editor) => editor.isActive('bold') },
  { label: () => gettext('Italic'), text: 'I', run: (editor) => editor.chain().focus().toggleItalic().run(), isActive: (editor) => editor.isActive('italic') },
  headingAction(2, () => gettext('Heading 2')),
  headingAction(3, () => gettext('Heading 3')),
  headingAction(4, () => gettext('Heading 4')),
  { label: () => gettext('Bulleted list'), text: '•', run: (editor) => editor.chain().focus().toggleBulletList().run(), isActive: (editor) => editor.isActive('bulletList') },
  { label: () => gettext('Numbered list'), text: '1.', run: (editor) => editor.chain().focus().toggleOrderedList().run(), isActive: (editor) => editor.isActive('orderedList') },
];

/** Stored HTML of the editor: empty when there is no text, so optional fields stay blank. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/** Renders a toolbar and editable area; the TipTap editor is destroyed with the scope. */
export function createRichTextEditor(options: RichTextOptions): HTMLElement {
  const area = h('div', { class: 'sf-rich-text__area' });
  const editor = new Editor({
    element: area,
    // TipTap's own style element is refused by the Content-Security-Policy: its rules are in admin-streamfield.css.
    injectCSS: false,
    content: options.html,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        // Links open in the same tab, as the site's own do; TipTap's default is a new tab.
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', HTMLAttributes: { target: null, rel: null, class: null } },
      }),
    ],
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': options.labelId, class: 'sf-rich-text__content' } },
    onUpdate: ({ editor: updated }) => options.onChange(htmlOf(updated)),
  });
  options.scope.add(() => editor.destroy());

  const toggles = TOOLBAR.map((action) => {
    const toggle = button({ class: 'sf-toolbar__button', 'aria-label': action.label(), 'aria-pressed': 'false', title: action.label() }, () => action.run(editor), action.text);
    // A click must not take focus (and the selection) from the text it formats.
    toggle.addEventListener('mousedown', (event) => event.preventDefault());
    return { action, toggle };
  });
  const linkInputId = nextDomId('sf-link-url');
  const linkInput = h('input', { id: linkInputId, type: 'text', inputmode: 'url', class: 'sf-input', placeholder: 'https://' });
  const linkForm = h(
    'div',
    { class: 'sf-rich-text__link', hidden: true },
    h('label', { class: 'sf-label', for: linkInputId }, gettext('Link address')),
    linkInput,
    button({ class: 'sf-button' }, () => applyLink(), gettext('Apply link')),
    button({ class: 'sf-button sf-button--secondary' }, () => removeLink(), gettext('Remove link')),
  );
  const linkToggle = button(
    { class: 'sf-toolbar__button', 'aria-label': gettext('Link'), title: gettext('Link'), 'aria-expanded': 'false' },
    () => showLinkForm(linkForm.hidden !== false),
    icon('link'),
  );

  function showLinkForm(isShown: boolean) {
    linkForm.hidden = !isShown;
    linkToggle.setAttribute('aria-expanded', String(isShown));
    if (isShown) {
      linkInput.value = String(editor.getAttributes('link').href ?? '');
      linkInput.focus();
    }
  }
  function applyLink() {
    const href = linkInput.value.trim();
    if (href) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    showLinkForm(false);
  }
  function removeLink() {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    showLinkForm(false);
  }
  linkInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault(); // Enter here applies the link instead of submitting the page form
      applyLink();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      showLinkForm(false);
      editor.commands.focus();
    }
  });

  const refreshToolbar = () => {
    for (const { action, toggle } of toggles) toggle.setAttribute('aria-pressed', String(action.isActive(editor)));
    linkToggle.classList.toggle('is-active', editor.isActive('link'));
  };
  editor.on('transaction', refreshToolbar);
  refreshToolbar();

  return h(
    'div',
    { class: 'sf-rich-text' },
    h('div', { class: 'sf-toolbar', role: 'toolbar', 'aria-labelledby': options.labelId }, ...toggles.map(({ toggle }) => toggle), linkToggle),
    linkForm,
    area,
  );
}
