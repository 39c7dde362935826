import { describe, expect, it } from 'vitest';
import { lineItemOptions } from '../line-options.js';

describe('lineItemOptions', () => {
  it("reads a line's options from its description lines, translated where given", () => {
    expect(
      lineItemOptions({
        descriptionLines: [
          { name: { original: 'Size', translated: 'Taille' }, plainText: { original: 'L' } },
          {
            name: { original: 'Color' },
            colorInfo: { original: 'Blue', translated: 'Bleu', code: '#1f6feb' },
            lineType: 'COLOR',
          },
          { name: { original: 'Engraving' }, plainText: { original: '' } },
          { plainText: { original: 'Gift wrapped' } },
        ],
      }),
    ).toEqual([
      { name: 'Taille', value: 'L' },
      { name: 'Color', value: 'Bleu', color: '#1f6feb' },
      { name: undefined, value: 'Gift wrapped' },
    ]);
  });

  it('is empty for a line without description lines', () => {
    expect(lineItemOptions({})).toEqual([]);
  });
});
