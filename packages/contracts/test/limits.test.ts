import { SESSION_FORM_FIELDS, WHOLE_NUMBER_SESSION_FIELDS } from '../src/limits';
import { sessionFieldsSchema } from '../src/schemas';
import { SESSION_FIELDS, fieldsWhere } from '../src/session-fields';

test("the session form's whole-number fields are the registry's form fields kept as whole numbers", () => {
  const fromRegistry = fieldsWhere(SESSION_FIELDS, 'form').filter(
    (name) => SESSION_FIELDS[name].stored === 'optionalInteger',
  );
  expect([...WHOLE_NUMBER_SESSION_FIELDS]).toEqual(fromRegistry);
});

test("the session form's fields are the form schema's, in its order", () => {
  expect([...SESSION_FORM_FIELDS]).toEqual(Object.keys(sessionFieldsSchema.shape));
});
