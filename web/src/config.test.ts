import { describe, expect, it } from 'vitest';
import { getConfig, resetConfigForTests, setConfig, type ClientConfig } from './config';

describe('config', () => {
  it('throws before it is loaded', () => {
    resetConfigForTests();
    expect(() => getConfig()).toThrow('Config is not loaded');
  });
  it('returns what was loaded', () => {
    setConfig({ assetBase: '/newdzo/' } as ClientConfig);
    expect(getConfig().assetBase).toBe('/newdzo/');
  });
});
