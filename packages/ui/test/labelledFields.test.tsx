import { fireEvent, render, screen } from '@testing-library/react';
import { SelectField, TextAreaField, TextField } from '../src/components/FormField';

describe('labelled fields', () => {
  it('ties a text field to its label, hint and error, and passes the input its props', () => {
    const typed: string[] = [];
    render(
      <TextField
        label="Full Name"
        hint="As on the licence."
        error="Enter a name."
        name="name"
        value=""
        onChange={(e) => typed.push(e.target.value)}
      />,
    );
    const input = screen.getByLabelText('Full Name');
    expect(input.tagName).toBe('INPUT');
    expect(input).toHaveProperty('name', 'name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id));
    expect(described.map((el) => el?.textContent)).toEqual(['As on the licence.', 'Enter a name.']);
    expect(screen.getByRole('alert').textContent).toBe('Enter a name.');
    fireEvent.change(input, { target: { value: 'Sam' } });
    expect(typed).toEqual(['Sam']);
  });

  it('leaves a field without a hint or error undescribed and valid', () => {
    render(<TextField label="Username" defaultValue="" />);
    const input = screen.getByLabelText('Username');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('labels a select with its options and a text area with its own class beside the input style', () => {
    render(
      <>
        <SelectField
          label="State"
          error="Choose one."
          options={[{ value: 'SA', label: 'South Australia' }]}
          placeholder="Not said"
          defaultValue=""
        />
        <TextAreaField label="Reason" className="lls-reason" rows={3} defaultValue="" />
      </>,
    );
    const select = screen.getByLabelText('State') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Not said', 'South Australia']);
    expect(select.getAttribute('aria-invalid')).toBe('true');
    const reason = screen.getByLabelText('Reason');
    expect(reason.tagName).toBe('TEXTAREA');
    expect(reason.className).toBe('ll-input lls-reason');
    expect(reason.hasAttribute('aria-invalid')).toBe(false);
  });
});
