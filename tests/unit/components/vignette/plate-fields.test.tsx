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
  initialPlate = '',
}: {
  errors?: PlateFieldErrors;
  showErrors?: boolean;
  initialCountry?: string;
  initialPlate?: string;
}) {
  const [plate, setPlate] = useState(initialPlate);
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
  it('drops a refusal of the plate made for another country once the plate passes, never showing a placeholder', async () => {
    // The form's schema refused XY123AB for Romania's county and kept only its key; the buyer then chose Germany.
    render(<Harness errors={{ plate: 'plateRoCountyUnknown' }} initialPlate="XY123AB" />);
    expect(describedBy(plateField())).toContainEqual(
      expect.stringMatching(/^XY nu este indicativul unui județ/),
    );
    await userEvent.selectOptions(countryField(), 'DE');
    expect(plateField()).not.toHaveAttribute('aria-invalid');
    expect(document.body.textContent).not.toMatch(/\{county\}/);
    expect(screen.getByTestId('plate-preview')).toHaveTextContent('DXY123AB');
  });

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

  it('shows the plate in the preview with slashed zeros, the letter O left round', async () => {
    render(<Harness />);
    await type('b 100 xoz');
    const preview = screen.getByTestId('plate-preview');
    expect(preview).toHaveTextContent('ROB100XOZ');
    const zeros = preview.querySelectorAll('[data-slashed-zero]');
    expect(Array.from(zeros, (zero) => zero.textContent)).toEqual(['0', '0']);
    // The slash is drawn by the zero's own box, whatever the font.
    for (const zero of zeros) expect(zero).toHaveClass('relative', 'after:absolute', 'after:bg-current');
  });

  it('raises no O/0 or I/1 alarm for a Romanian plate, whose format says which characters are digits', async () => {
    render(<Harness />);
    for (const plate of ['hd 12 abc', 'CJ 10 XOZ', 'B 100 XOI']) {
      await type(plate);
      expect(screen.queryByTestId('plate-warnings')).not.toBeInTheDocument();
      expect(describedBy(confirmation())).toEqual([labels.confirm.why]);
    }
    expect(confirmation()).toHaveAccessibleName(
      'Am verificat: numărul de înmatriculare B100XOI și țara de înmatriculare România (RO) corespund certificatului de înmatriculare al vehiculului.',
    );
  });

  it('names the character that could be the other one on a plate of unknown format, and why', async () => {
    render(<Harness initialCountry="DE" />);
    await type('M AB 12O4');
    const letterO =
      'Atenție: caracterul de pe poziția 6 este litera O, lângă cifre. Dacă în certificatul de înmatriculare este cifra 0, scrieți 0.';
    expect(screen.getByTestId('plate-warnings')).toHaveTextContent(letterO);
    expect(describedBy(confirmation())).toEqual([letterO, labels.confirm.why]);

    await type('M 0X 123');
    expect(describedBy(confirmation())).toEqual([
      'Atenție: caracterul de pe poziția 2 este cifra 0, lângă litere. Dacă în certificatul de înmatriculare este litera O, scrieți O.',
      labels.confirm.why,
    ]);

    await type('M AB 1O');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Atenție: caracterul de pe poziția 4 este cifra 1, lângă litere. Dacă în certificatul de înmatriculare este litera I, scrieți I.',
      'Atenție: caracterul de pe poziția 5 este litera O, lângă cifre. Dacă în certificatul de înmatriculare este cifra 0, scrieți 0.',
    ]);

    await type('M AB 1034');
    expect(screen.queryByTestId('plate-warnings')).not.toBeInTheDocument();
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
    // AB is Alba's code: a Hungarian plate read as a Romanian one lacks the county's 2 digits.
    expect(describedBy(plateField())).toEqual([
      labels.plate.hintRO,
      'După indicativul județului AB urmează exact 2 cifre, de exemplu AB 12 ABC.',
    ]);
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
    expect(screen.getByText(validation.plateCharacters!)).toBeInTheDocument();
  });

  it.each([
    [
      '12 HD ABC',
      'Numărul începe cu indicativul județului: B pentru București sau două litere, de exemplu CJ.',
    ],
    ['B 1234 ABC', 'După B (București) urmează 2 sau 3 cifre, de exemplu B 12 ABC sau B 123 ABC.'],
    ['CJ 123 ABC', 'După indicativul județului CJ urmează exact 2 cifre, de exemplu CJ 12 ABC.'],
    ['CJ 12 AB', 'Numărul se termină cu 3 litere, de exemplu CJ 12 ABC.'],
    [
      'CJ 12 AQC',
      'Numerele din România nu folosesc litera Q: verificați în certificatul de înmatriculare caracterul de pe poziția 6.',
    ],
    [
      'B 100 OOO',
      'Cele 3 litere de la final nu încep niciodată cu O, care s-ar confunda cu cifra 0: verificați în certificatul de înmatriculare caracterul de pe poziția 5.',
    ],
    [
      'HD 1O ABC',
      'Caracterul de pe poziția 4 este litera O, dar în acest loc numerele țării alese au o cifră: ați vrut să scrieți cifra 0?',
    ],
    [
      'HD 12 AB0',
      'Caracterul de pe poziția 7 este cifra 0, dar în acest loc numerele țării alese au o literă: ați vrut să scrieți litera O?',
    ],
  ])('says what is wrong with the Romanian plate %s', async (plate, message) => {
    render(<Harness showErrors />);
    await type(plate);
    expect(plateField()).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(plateField())).toEqual([labels.plate.hintRO, message]);
  });

  it("gives the schema's or the API's plate error in the check's own words, position and county filled in", () => {
    render(<Harness initialPlate="XY12ABC" errors={{ plate: 'plateRoCountyUnknown' }} />);
    expect(describedBy(plateField())).toEqual([
      labels.plate.hintRO,
      'XY nu este indicativul unui județ: numărul începe cu B pentru București sau cu indicativul județului, de exemplu CJ.',
    ]);
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
