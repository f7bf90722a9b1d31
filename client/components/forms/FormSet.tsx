import { useState, type ReactNode } from 'react';
import { gettext } from '../../lib/i18n';
import { formSetFormPrefix, managementFieldNames, type SerializedForm, type SerializedFormSet, type SerializedWidget } from '../../lib/server-forms';

/** Props of FormSet. */
export interface FormSetProps {
  formSet: SerializedFormSet;
  /** Draws one form of the set; `remove` takes it out again. */
  renderForm(form: SerializedForm, position: number, remove: () => void): ReactNode;
  addLabel: string;
}

/** Renames a widget's name and id from one form prefix to another. */
function renameWidget(widget: SerializedWidget, from: string, to: string): SerializedWidget {
  const rename = (value: unknown) => (typeof value === 'string' ? value.replace(`${from}-`, `${to}-`) : value);
  return {
    ...widget,
    attrs: Object.fromEntries(Object.entries(widget.attrs).map(([key, value]) => [key, key === 'name' || key === 'id' ? (rename(value) as string) : value])),
    optgroups: widget.optgroups.map(([label, choices, index]) => [label, choices.map((choice) => ({ ...choice, name: rename(choice.name) as string })), index]),
    subwidgets: widget.subwidgets.map((sub) => renameWidget(sub, from, to)),
  };
}

/** A form of the set renumbered to its position, so posted names stay `{prefix}-0…n-1`. */
function atPosition(form: SerializedForm, setPrefix: string, position: number): SerializedForm {
  const from = form.prefix ?? '';
  const to = formSetFormPrefix(setPrefix, position);
  if (from === to) return form;
  return {
    ...form,
    prefix: to,
    fields: form.fields.map((field) => ({ ...field, name: field.name.replace(`${from}-`, `${to}-`), widget: renameWidget(field.widget, from, to) })),
  };
}

/**
 * A form set: its forms, the hidden TOTAL_FORMS and INITIAL_FORMS counts (SPEC §5), and an
 * 'Add' button that copies the empty form and hides once the set holds its maximum.
 */
export default function FormSet({ formSet, renderForm, addLabel }: FormSetProps) {
  const [forms, setForms] = useState(() => formSet.forms.map((form, index) => ({ key: index, form })));
  const [nextKey, setNextKey] = useState(formSet.forms.length);
  const names = managementFieldNames(formSet.prefix);
  const atLimit = forms.length >= formSet.max_num;

  return (
    <div className="form-set" data-form-set={formSet.prefix}>
      <input type="hidden" name={names.total} value={forms.length} />
      <input type="hidden" name={names.initial} value={formSet.initial_form_count} />
      {forms.map(({ key, form }, position) => (
        <div className="form-set__form" key={key}>
          {renderForm(atPosition(form, formSet.prefix, position), position, () => setForms(forms.filter((entry) => entry.key !== key)))}
        </div>
      ))}
      {!atLimit && (
        <button
          type="button"
          className="button button--secondary form-set__add"
          onClick={() => {
            setForms([...forms, { key: nextKey, form: formSet.empty_form }]);
            setNextKey(nextKey + 1);
          }}
        >
          <span aria-hidden="true">+</span> {addLabel}
        </button>
      )}
      {atLimit && <p className="form-set__limit">{gettext('You have added the most occasions we can remember.')}</p>}
    </div>
  );
}
