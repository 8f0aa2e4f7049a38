import { describe, expect, it } from 'vitest';
import { createStreamCookieHeader, type WebRequestLike } from './stream-cookies';

function fakeWebRequest() {
  let listener: Parameters<WebRequestLike['onBeforeSendHeaders']>[1] | undefined;
  const webRequest: WebRequestLike = {
    onBeforeSendHeaders: (_filter, registered) => {
      listener = registered;
    },
  };
  const send = (url: string) =>
    new Promise<Record<string, string>>((resolve) => listener!({ url, requestHeaders: { Accept: '*/*' } }, (response) => resolve(response.requestHeaders)));
  return { webRequest, send };
}

describe('desktop stream cookies', () => {
  const values = { device: 'dAbc_1', ts: '1700000000000', signature: 'a'.repeat(64) };

  it('adds the cookies only to stream requests of the configured server, once they are set', async () => {
    const header = createStreamCookieHeader(() => 'http://127.0.0.1:3000');
    const { webRequest, send } = fakeWebRequest();
    header.install(webRequest);
    const stream = 'http://127.0.0.1:3000/app/api/videos/v_link_new.php?video_id=1&segment=seg_00000.ts';
    expect((await send(stream)).Cookie).toBeUndefined();
    header.set(values);
    expect(await send(stream)).toEqual({ Accept: '*/*', Cookie: `device=dAbc_1; ts=1700000000000; signature=${'a'.repeat(64)}` });
    expect((await send('http://evil.example:3000/app/api/videos/v_link_new.php?video_id=1')).Cookie).toBeUndefined();
    expect((await send('http://127.0.0.1:3000/app/api/videos/get_video_lesson.php')).Cookie).toBeUndefined();
  });
});
