import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, readConfig } from '../config';

describe('config', () => {
  it('reads /config.js, trimming a trailing slash', () => {
    expect(readConfig({ baseUrl: 'http://127.0.0.1:5000/', clientId: 'shop' })).toEqual({
      baseUrl: 'http://127.0.0.1:5000',
      clientId: 'shop',
    });
  });

  it('falls back field by field to the local emulator', () => {
    expect(readConfig(undefined)).toEqual(DEFAULT_CONFIG);
    expect(readConfig({ clientId: '  ' })).toEqual(DEFAULT_CONFIG);
    expect(readConfig({ clientId: 'mine' })).toEqual({ ...DEFAULT_CONFIG, clientId: 'mine' });
  });
});
