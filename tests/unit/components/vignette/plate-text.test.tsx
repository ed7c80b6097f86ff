/** @jest-environment jsdom */
import { render } from '@testing-library/react';
import { PlateText } from '@/components/vignette/plate-text';

const zerosOf = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('[data-slashed-zero]'), (zero) => zero.textContent);

describe('PlateText', () => {
  it('draws each zero slashed and leaves every other character as it is, the letter O included', () => {
    const { container } = render(<PlateText plate="0B100XO0" />);
    expect(container).toHaveTextContent(/^0B100XO0$/);
    expect(zerosOf(container)).toEqual(['0', '0', '0', '0']);
    expect(container.querySelectorAll('span')).toHaveLength(4);
  });

  it('adds nothing to a plate without zeros', () => {
    const { container } = render(<PlateText plate="HD12OIO" />);
    expect(container.innerHTML).toBe('HD12OIO');
  });
});
