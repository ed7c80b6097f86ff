/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlateCheckForm, type PlateCheckFormLabels } from '@/components/vignette/plate-check-form';
import ro from '@/messages/ro.json';

const labels: PlateCheckFormLabels = {
  formLabel: ro.VignetteCheckPage.formLabel,
  plate: ro.VignetteForm.plate,
  country: ro.VignetteForm.country,
  submit: ro.VignetteCheckPage.submit,
};
const validation: Record<string, string> = ro.Validation;

const renderForm = (props: Partial<Parameters<typeof PlateCheckForm>[0]> = {}) =>
  render(
    <PlateCheckForm locale="ro" plate="" country="RO" labels={labels} validation={validation} {...props} />,
  );

describe('PlateCheckForm', () => {
  it('is a plain GET form whose fields are named as the page reads them, so that it works without a script', () => {
    const { container } = renderForm({ plate: 'B123XYZ', country: 'HU' });
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(screen.getByRole('search', { name: labels.formLabel })).toBe(form);
    expect(screen.getByLabelText(labels.plate.label)).toHaveAttribute('name', 'plate');
    expect(screen.getByLabelText(labels.plate.label)).toHaveValue('B123XYZ');
    expect(screen.getByLabelText(labels.country.label)).toHaveAttribute('name', 'country');
    expect(screen.getByLabelText(labels.country.label)).toHaveValue('HU');
  });

  it('normalizes the plate as the order form does, once the field is left', async () => {
    renderForm();
    const plate = screen.getByLabelText(labels.plate.label);
    await userEvent.type(plate, 'hd 12-abc');
    fireEvent.blur(plate);
    expect(plate).toHaveValue('HD12ABC');
  });

  it('refuses the letter O where a Romanian plate has a digit before sending, with the form’s own hint', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText(labels.plate.label), 'B12OXYZ');
    const submitted = fireEvent.submit(screen.getByRole('search'));
    expect(submitted).toBe(false);
    expect(screen.getByLabelText(labels.plate.label)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/poziția 4/)).toBeInTheDocument();
  });

  it('shows the server’s refusal of an unknown country under the country', () => {
    renderForm({
      plate: 'B123XYZ',
      country: 'XX',
      refusal: { field: 'country', key: 'countryUnknown', params: {} },
    });
    expect(screen.getByLabelText(labels.country.label)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(labels.plate.label)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText(validation.countryUnknown!)).toBeInTheDocument();
  });

  it('shows the server’s refusal of the query it answers', () => {
    renderForm({
      plate: 'B12OXYZ',
      refusal: { field: 'plate', key: 'plateLetterForDigit', params: { position: 4, char: 'O', other: '0' } },
    });
    expect(screen.getByLabelText(labels.plate.label)).toHaveAttribute('aria-invalid', 'true');
  });
});
