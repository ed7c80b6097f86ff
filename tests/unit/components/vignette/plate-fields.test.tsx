/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PlateCountryFields, type PlateFieldErrors } from '@/components/vignette/plate-fields';
import ro from '@/messages/ro.json';

const labels = ro.VignetteForm;
const validation: Record<string, string> = ro.Validation;

function Harness({
  errors,
  showErrors,
  initialCountry = 'RO',
}: {
  errors?: PlateFieldErrors;
  showErrors?: boolean;
  initialCountry?: string;
}) {
  const [plate, setPlate] = useState('');
  const [country, setCountry] = useState(initialCountry);
  const [confirmed, setConfirmed] = useState(false);
  return (
    <PlateCountryFields
      locale="ro"
      plate={plate}
      country={country}
      confirmed={confirmed}
      onPlateChange={setPlate}
      onCountryChange={setCountry}
      onConfirmedChange={setConfirmed}
      errors={errors}
      showErrors={showErrors}
      labels={labels}
      validation={validation}
    />
  );
}

/** Longer than a frame (16 ms), shorter than any person's pause between two keys. */
const TYPING_DELAY_MS = 20;

const plateField = () => screen.getByRole('textbox', { name: labels.plate.label });
const countryField = () => screen.getByRole('combobox', { name: labels.country.label });
const confirmation = () => screen.getByRole('checkbox');
/** Types the plate anew, key by key, at a person's pace: the field puts the caret back at the next frame. */
async function type(value: string) {
  const user = userEvent.setup({ delay: TYPING_DELAY_MS });
  await user.clear(plateField());
  await user.type(plateField(), value);
}
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('PlateCountryFields', () => {
  it('normalizes the plate as it is typed and shows it as it will be registered', async () => {
    render(<Harness />);
    await type('hd 12 abc');
    expect(plateField()).toHaveValue('HD12ABC');
    expect(screen.getByTestId('plate-preview')).toHaveTextContent('ROHD12ABC');
  });

  it('offers Romania first, then Hungary, each named in the page language with its international sign', () => {
    render(<Harness />);
    const options = Array.from(countryField().querySelectorAll('option'), (option) => option.textContent);
    expect(options.slice(0, 2)).toEqual(['România (RO)', 'Ungaria (H)']);
    expect(options).toContain('Germania (D)');
    expect(options).toContain('Regatul Unit (UK)');
    expect(countryField()).toHaveValue('RO');
  });

  it('warns about I and 1 in the confirmation when the plate holds either', async () => {
    render(<Harness />);
    await type('hd 12 abc');
    expect(screen.getByText(labels.confirm.warningI)).toBeInTheDocument();
    expect(screen.queryByText(labels.confirm.warningO)).not.toBeInTheDocument();
    expect(describedBy(confirmation())).toContain(labels.confirm.warningI);
    expect(confirmation()).toHaveAccessibleName(
      'Am verificat: numărul de înmatriculare HD12ABC și țara de înmatriculare România (RO) corespund certificatului de înmatriculare al vehiculului.',
    );
  });

  it('warns about both mix-ups when the plate holds O, 0, I or 1, and about none otherwise', async () => {
    render(<Harness />);
    await type('CJ 10 XOZ');
    expect(describedBy(confirmation())).toEqual(
      expect.arrayContaining([labels.confirm.warningO, labels.confirm.warningI]),
    );
    await type('CJ 22 XYZ');
    expect(screen.queryByTestId('plate-warnings')).not.toBeInTheDocument();
    expect(describedBy(confirmation())).toEqual([labels.confirm.why]);
  });

  it('asks to confirm the plate and country in general words while no plate is typed', () => {
    render(<Harness />);
    expect(confirmation()).toHaveAccessibleName(labels.confirm.labelEmpty);
  });

  it('clears the confirmation when the plate or the country changes', async () => {
    render(<Harness />);
    await type('CJ22XYZ');
    fireEvent.click(confirmation());
    expect(confirmation()).toBeChecked();
    await type('CJ22XYW');
    expect(confirmation()).not.toBeChecked();
    fireEvent.click(confirmation());
    expect(confirmation()).toBeChecked();
    fireEvent.change(countryField(), { target: { value: 'HU' } });
    expect(confirmation()).not.toBeChecked();
  });

  it("shows the country's format error once the field is left, and follows the country", async () => {
    render(<Harness />);
    await type('abc123');
    expect(plateField()).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    expect(plateField()).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(plateField())).toEqual([labels.plate.hintRO, validation.plateFormat]);
    // The confirmation is not offered a preview of a plate that cannot be right.
    expect(screen.queryByTestId('plate-preview')).not.toBeInTheDocument();

    fireEvent.change(countryField(), { target: { value: 'HU' } });
    expect(plateField()).not.toHaveAttribute('aria-invalid');
    expect(describedBy(plateField())).toEqual([labels.plate.hintHU]);
    expect(screen.getByTestId('plate-preview')).toHaveTextContent('HABC123');
  });

  it('names a foreign character as such, and an empty plate as missing, after a submit', async () => {
    render(<Harness showErrors />);
    expect(screen.getByText(validation.plateRequired!)).toBeInTheDocument();
    await type('ȘB12ABC');
    expect(plateField()).toHaveValue('ȘB12ABC');
    expect(screen.getByText(labels.errors.plateCharacters)).toBeInTheDocument();
  });

  it('shows the errors it is given next to their fields, in the page language', () => {
    render(<Harness errors={{ confirmed: 'plateConfirm', country: 'countryUnknown' }} />);
    expect(confirmation()).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(confirmation())).toContain(labels.errors.plateConfirm);
    expect(countryField()).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(countryField())).toEqual([validation.countryUnknown]);
  });

  it('keeps the caret where the typing was when a separator is removed', async () => {
    render(<Harness />);
    const input = plateField() as HTMLInputElement;
    await type('CJ22XYZ');
    // A space typed after "CJ": the value stays "CJ22XYZ" and the caret stays after "CJ".
    await userEvent.type(input, ' ', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    expect(input).toHaveValue('CJ22XYZ');
    expect(input.selectionStart).toBe(2);
  });
});
