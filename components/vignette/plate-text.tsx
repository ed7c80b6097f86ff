/*
 * The slash is drawn, not asked of the font: `font-variant-numeric: slashed-zero` only works in fonts that carry the
 * `zero` feature, and the system fonts of most phones (Roboto, Droid Sans Mono) do not, so the preview showed a
 * plain 0 next to the letter O. The drawn bar keeps the character a "0" for copying and screen readers; it is
 * centred on the glyph, the letter spacing after it taken out (`tracking-widest` is 0.1em).
 */
const SLASHED_ZERO =
  "relative after:pointer-events-none after:absolute after:top-[18%] after:bottom-[18%] after:left-[calc(50%-0.05em)] after:w-[0.09em] after:-translate-x-1/2 after:rotate-[35deg] after:rounded-full after:bg-current after:content-['']";

/**
 * A plate as the buyer must read it: each digit zero drawn with a slash, so that it cannot be taken for the letter
 * O (docs/domain.md, Plates, countries and counties). Meant for the normalized plate, in a sans-serif font whose
 * own zero is plain.
 */
export function PlateText({ plate }: { plate: string }) {
  // 'B100XOZ' → ['B1', '0', '', '0', 'XOZ']: the zeros at the odd places.
  return (
    <>
      {plate.split(/(0)/).map((part, index) =>
        index % 2 === 1 ? (
          <span key={index} className={SLASHED_ZERO} data-slashed-zero="">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
