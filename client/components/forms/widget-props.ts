import type { WidgetAttr } from '../../lib/server-forms';

// Django writes HTML attribute names; React wants its own for these.
const REACT_NAMES: Record<string, string> = {
  maxlength: 'maxLength',
  minlength: 'minLength',
  autocomplete: 'autoComplete',
  tabindex: 'tabIndex',
  class: 'className',
  readonly: 'readOnly',
  for: 'htmlFor',
};

/**
 * React props for a serialized widget's attributes. `checked` becomes `defaultChecked` so the
 * browser owns the box after hydration; `false` leaves an attribute out.
 */
export function widgetProps(attrs: Readonly<Record<string, WidgetAttr>>): Record<string, string | number | boolean> {
  const props: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false) continue;
    if (name === 'checked') props.defaultChecked = value === true;
    else props[REACT_NAMES[name] ?? name] = value;
  }
  return props;
}
