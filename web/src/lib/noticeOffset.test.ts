import { afterEach, describe, expect, it } from 'vitest';
import { onNoticeOffset, publishNoticeOffset } from './noticeOffset';

/** The root element's inline style, as much of it as the module uses. */
const properties = new Map<string, string>();
let writes = 0;
(globalThis as { document?: unknown }).document = {
  documentElement: {
    style: {
      setProperty: (name: string, value: string) => (writes++, properties.set(name, value)),
      removeProperty: (name: string) => (writes++, properties.delete(name)),
    },
  },
};

afterEach(() => publishNoticeOffset(null));

describe('the cookie notice offset', () => {
  it('sets the root property, tells subscribers, and writes nothing for the same height', () => {
    const heard: Array<number | null> = [];
    const stop = onNoticeOffset((px) => heard.push(px));
    publishNoticeOffset(180);
    expect(properties.get('--cookie-notice-offset')).toBe('180px');
    const before = writes;
    publishNoticeOffset(180);
    expect(writes).toBe(before);
    publishNoticeOffset(null);
    expect(properties.has('--cookie-notice-offset')).toBe(false);
    stop();
    publishNoticeOffset(90);
    expect(heard).toEqual([null, 180, null]);
  });

  it('gives a late subscriber the height now', () => {
    publishNoticeOffset(120);
    const heard: Array<number | null> = [];
    onNoticeOffset((px) => heard.push(px))();
    expect(heard).toEqual([120]);
  });
});
