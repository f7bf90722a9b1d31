import { expect } from 'chai';
import { NON_FIELD_ERRORS, type FormErrors } from '../../client/lib/server-forms';
import { testDb } from '../support/database';
import { builtinCaptcha } from '../../server/captcha/builtin';
import { contactForm } from '../../server/forms/contact-form';
import { checkboxField, choiceField, emailField, inputField, textareaField } from '../../server/forms/fields';
import { defineForm, nonFieldError, serializeForm, validateForm } from '../../server/forms/form';
import { MANAGEMENT_FORM_MESSAGE, defineFormSet, serializeFormSet, tooManyFormsMessage, validateFormSet } from '../../server/forms/form-set';
import { INVALID_EMAIL_MESSAGE, REQUIRED_MESSAGE, invalidChoiceMessage, tooLongMessage } from '../../server/forms/messages';

const sample = defineForm({
  fields: {
    name: inputField({ name: 'name', label: 'Name', maxLength: 5, help_text: 'Your first name.' }),
    email: emailField({ name: 'email', label: 'Email', required: false }),
    size: choiceField({
      name: 'size',
      label: 'Size',
      placeholder: 'Pick',
      groups: [
        { group: 'Small', choices: [{ value: 's', label: 'Cup' }] },
        { group: 'Large', choices: [{ value: 'l', label: 'Bowl' }] },
      ],
    }),
    note: textareaField({ name: 'note', label: 'Note', maxLength: 10, required: false }),
    agree: checkboxField({ name: 'agree', label: 'I agree', mustBeChecked: true }),
  },
  clean: (data): FormErrors => (data.size === 'l' && data.note === '' ? { note: ['Tell us about the bowl.'] } : {}),
});

describe('server forms', () => {
  it('serializes an unbound form as SPEC §3 describes: prefix, fields with widgets, errors', () => {
    const form = serializeForm(sample);
    expect(form.prefix).to.equal(null);
    expect(form.errors).to.deep.equal({});
    expect(form.fields.map((field) => field.name)).to.deep.equal(['name', 'email', 'size', 'note', 'agree']);
    expect(form.fields[0]).to.deep.equal({
      name: 'name',
      label: 'Name',
      help_text: 'Your first name.',
      required: true,
      widget: { tag: 'input', attrs: { type: 'text', name: 'name', id: 'id_name', maxlength: 5, required: true }, optgroups: [], subwidgets: [], value: null },
    });
    expect(form.fields[2]!.widget.optgroups).to.deep.equal([
      [null, [{ name: 'size', value: '', label: 'Pick', selected: true, attrs: {} }], 0],
      ['Small', [{ name: 'size', value: 's', label: 'Cup', selected: false, attrs: {} }], 1],
      ['Large', [{ name: 'size', value: 'l', label: 'Bowl', selected: false, attrs: {} }], 2],
    ]);
    expect(form.fields[3]!.widget.tag).to.equal('textarea');
    expect(form.fields[4]!.widget.attrs).to.include({ type: 'checkbox', checked: false, required: true });
  });

  it('keeps posted values in a bound form, with the prefix in every name', () => {
    const form = serializeForm(sample, { prefix: 'p', raw: { name: 'Ann', size: 'l', agree: 'on' }, errors: nonFieldError('Try again.') });
    expect(form.prefix).to.equal('p');
    expect(form.errors).to.deep.equal({ [NON_FIELD_ERRORS]: ['Try again.'] });
    expect(form.fields[0]!.name).to.equal('p-name');
    expect(form.fields[0]!.widget.attrs.id).to.equal('id_p-name');
    expect(form.fields[0]!.widget.value).to.equal('Ann');
    expect(form.fields[2]!.widget.optgroups[2]![1][0]!.selected).to.equal(true);
    expect(form.fields[4]!.widget.attrs.checked).to.equal(true);
  });

  it('validates each field with its specific message, then checks across fields', () => {
    expect(validateForm(sample, { name: 'Annabel', email: 'nope', size: 'xl', note: 'n'.repeat(11) })).to.deep.equal({
      ok: false,
      errors: {
        name: [tooLongMessage(5, 7)],
        email: [INVALID_EMAIL_MESSAGE],
        size: [invalidChoiceMessage('xl')],
        note: [tooLongMessage(10, 11)],
        agree: [REQUIRED_MESSAGE],
      },
    });
    expect(validateForm(sample, { name: ' Ann ', size: 'l', agree: 'on' })).to.deep.equal({ ok: false, errors: { note: ['Tell us about the bowl.'] } });
    expect(validateForm(sample, { name: ' Ann ', email: ' A@B.Example ', size: 's', agree: 'on' })).to.deep.equal({
      ok: true,
      data: { name: 'Ann', email: 'a@b.example', size: 's', note: '', agree: true },
    });
  });

  it('leaves the fields a form hides out of validation and data', async () => {
    const form = contactForm(builtinCaptcha({ secret: 'unit-test-secret-of-sufficient-length-1', db: await testDb() }));
    const shown = (raw: Record<string, string>) =>
      Object.keys((validateForm(form, raw) as { errors: Record<string, string[]> }).errors).filter((name) =>
        ['location_rlid', 'visit_date', 'visit_time', 'order_number'].includes(name),
      );
    expect(shown({ question_category: 'Praise', topic: 'About Dining, To Go, Or Delivery' })).to.deep.equal(['location_rlid', 'visit_date', 'visit_time', 'order_number']);
    expect(shown({ question_category: 'Question', topic: 'Allergen And Nutrition' })).to.deep.equal(['location_rlid']);
    expect(shown({ question_category: 'Question', topic: 'Gift Cards' })).to.deep.equal([]);
    // The pair decides, not the topic's words: 'Other' under Praise asks nothing about a visit.
    expect(shown({ question_category: 'Praise', topic: 'Other' })).to.deep.equal([]);
  });

  describe('form sets', () => {
    const set = defineFormSet({ prefix: 'kids', form: defineForm({ fields: { kid: inputField({ name: 'kid', label: 'Kid', maxLength: 10 }) } }), maxNum: 2 });

    it('serializes counts, the maximum and an empty form named with __prefix__', () => {
      const serialized = serializeFormSet(set);
      expect(serialized).to.deep.include({ prefix: 'kids', initial_form_count: 0, total_form_count: 0, max_num: 2, forms: [], non_form_errors: [] });
      expect(serialized.empty_form.fields[0]!.name).to.equal('kids-__prefix__-kid');
    });

    it("reads forms by the management form, skipping blank ones and keeping each form's values and errors", () => {
      const result = validateFormSet(set, { 'kids-TOTAL_FORMS': '2', 'kids-INITIAL_FORMS': '0', 'kids-0-kid': 'Mo', 'kids-1-kid': '  ' });
      expect(result).to.deep.equal({ ok: true, data: [{ kid: 'Mo' }], forms: [{ raw: { kid: 'Mo' }, errors: {} }], nonFormErrors: [] });
      const invalid = validateFormSet(set, { 'kids-TOTAL_FORMS': '1', 'kids-INITIAL_FORMS': '0', 'kids-0-kid': 'Maximilianus' });
      expect(invalid.ok).to.equal(false);
      const serialized = serializeFormSet(set, invalid);
      expect(serialized.total_form_count).to.equal(1);
      expect(serialized.forms[0]!.prefix).to.equal('kids-0');
      expect(serialized.forms[0]!.errors).to.deep.equal({ kid: [tooLongMessage(10, 12)] });
      expect(serialized.forms[0]!.fields[0]!.widget.value).to.equal('Maximilianus');
    });

    it('refuses a missing or malformed management form and more forms than the maximum', () => {
      expect(validateFormSet(set, {}).nonFormErrors).to.deep.equal([MANAGEMENT_FORM_MESSAGE]);
      expect(validateFormSet(set, { 'kids-TOTAL_FORMS': '-1', 'kids-INITIAL_FORMS': '0' }).nonFormErrors).to.deep.equal([MANAGEMENT_FORM_MESSAGE]);
      expect(validateFormSet(set, { 'kids-TOTAL_FORMS': '3', 'kids-INITIAL_FORMS': '0' }))
        .to.include({ ok: false })
        .and.to.have.deep.property('nonFormErrors', [tooManyFormsMessage(2)]);
    });
  });
});
