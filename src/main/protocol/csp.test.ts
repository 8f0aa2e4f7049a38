import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy } from './csp';

function directive(policy: string, name: string): string | undefined {
  return policy.split('; ').find((part) => part.startsWith(`${name} `));
}

describe('buildContentSecurityPolicy', () => {
  it('lets the page reach the configured http server and its ws socket only', () => {
    const policy = buildContentSecurityPolicy('http://127.0.0.1:3000');
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' http://127.0.0.1:3000 ws://127.0.0.1:3000");
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
  });

  it('uses wss for an https server and ignores a path prefix', () => {
    const policy = buildContentSecurityPolicy('https://enot.example.ru/school');
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://enot.example.ru wss://enot.example.ru");
    expect(directive(policy, 'img-src')).toContain('https://enot.example.ru');
  });
});
