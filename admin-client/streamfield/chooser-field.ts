/** The control of a chooser field: what is chosen (title, thumbnail), and buttons to choose or clear it. */
import { gettext, interpolate } from '../../client/lib/i18n';
import { button, h, nextDomId } from './dom';
import { fieldRow, type Renderer } from './field-row';
import type { ChooserTarget } from './schemas';

const CHANGE_LABELS: Record<ChooserTarget, () => string> = {
  image: () => gettext('Change image'),
  document: () => gettext('Change document'),
  page: () => gettext('Change page'),
  video: () => gettext('Change video'),
  toolbox_snippet: () => gettext('Change toolbox snippet'),
  country: () => gettext('Change country'),
  tiered_navigation: () => gettext('Change tiered navigation'),
};

const CHOOSE_LABELS: Record<ChooserTarget, () => string> = {
  image: () => gettext('Choose an image'),
  document: () => gettext('Choose a document'),
  page: () => gettext('Choose a page'),
  video: () => gettext('Choose a video'),
  toolbox_snippet: () => gettext('Choose a toolbox snippet'),
  country: () => gettext('Choose a country'),
  tiered_navigation: () => gettext('Choose a tiered navigation'),
};

/** A chooser: the chosen item's title and thumbnail, and buttons to choose another or clear it. */
export const renderChooser: Renderer<'chooser'> = (node, cursor, context) => {
  const id = nextDomId('sf-chooser');
  const summary = h('span', { class: 'sf-chooser__summary', id: `${id}-summary` });
  const thumb = h('img', { class: 'sf-chooser__preview', alt: '', hidden: true });
  const chooseButton = button({ id, class: 'sf-button sf-button--secondary', 'aria-describedby': `${id}-summary`, 'data-chooser-target': node.target }, () => void choose());
  const clearButton = button(
    { class: 'sf-button sf-button--link', 'aria-label': interpolate('Clear {field}', { field: node.label }) },
    () => {
      cursor.write(null);
      show();
      chooseButton.focus();
    },
    gettext('Clear'),
  );

  const show = () => {
    const chosen = cursor.read();
    const isChosen = typeof chosen === 'number';
    summary.textContent = isChosen ? (context.referenceTitles.get(`${node.target}:${chosen}`) ?? interpolate('#{id}', { id: chosen })) : gettext('Nothing chosen');
    chooseButton.textContent = (isChosen ? CHANGE_LABELS : CHOOSE_LABELS)[node.target]();
    clearButton.hidden = !isChosen || !node.nullable;
    const thumbnail = isChosen ? context.referenceTitles.get(`${node.target}:${chosen}:thumbnail`) : undefined;
    thumb.hidden = !thumbnail;
    if (thumbnail) thumb.src = thumbnail;
    else thumb.removeAttribute('src');
  };
  const choose = async () => {
    const url = context.choosers[node.target];
    if (!url) {
      context.announcer.announce(gettext('This chooser is not available here.'));
      return;
    }
    const choice = await context.chooser.choose(node.target, url);
    chooseButton.focus();
    if (!choice) return;
    context.referenceTitles.set(`${node.target}:${choice.id}`, choice.title);
    if (choice.thumbnail_url) context.referenceTitles.set(`${node.target}:${choice.id}:thumbnail`, choice.thumbnail_url);
    cursor.write(choice.id);
    show();
    context.announcer.announce(interpolate('{title} chosen.', { title: choice.title }));
  };
  show();
  // A label would rename the button ("Image" instead of "Choose an image"); the row is a named group.
  return fieldRow(node, cursor, { groupLabelId: nextDomId('sf-label') }, h('div', { class: 'sf-chooser' }, thumb, summary, chooseButton, clearButton), chooseButton);
};
