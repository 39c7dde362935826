import { render } from '@testing-library/react';
import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { describe, expect, it } from 'vitest';

describe('React 18 run', () => {
  it('runs the hook tests on React 18', () => {
    expect(version.startsWith('18.')).toBe(true);
    expect(domVersion.startsWith('18.')).toBe(true);
    expect(render(<p>18</p>).container.textContent).toBe('18');
  });
});
