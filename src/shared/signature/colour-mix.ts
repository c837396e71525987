const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/**
 * A light tint of `hex`: the colour mixed with white, `colourShare` of it (0 = white, 1 = the colour
 * itself). Always answers `#rrggbb` in lower case, the one colour syntax Gmail keeps everywhere
 * (gmail.md: a colour it cannot read drops the whole style attribute).
 */
export function mixWithWhite(hex: string, colourShare: number): string {
  if (!HEX.test(hex)) throw new RangeError(`Not a #hex colour: ${hex}`);
  if (!(colourShare >= 0 && colourShare <= 1)) throw new RangeError(`Colour share must be from 0 to 1: ${colourShare}`);
  const digits = hex.length === 4 ? `${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex.slice(1);
  let mixed = '#';
  for (let at = 0; at < 6; at += 2) {
    const channel = Number.parseInt(digits.slice(at, at + 2), 16);
    mixed += Math.round(255 - (255 - channel) * colourShare)
      .toString(16)
      .padStart(2, '0');
  }
  return mixed;
}
