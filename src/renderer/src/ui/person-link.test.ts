import { describe, expect, it } from 'vitest';
import { vkProfileHref } from './person-link';

describe('vkProfileHref', () => {
  it('links all-digit keys to VK only', () => {
    expect(vkProfileHref('12345')).toBe('https://vk.com/id12345');
    expect(vkProfileHref('id7')).toBeNull();
    expect(vkProfileHref('')).toBeNull();
    expect(vkProfileHref('12/../evil')).toBeNull();
  });
});
