import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course, courseEditor } from '../../../../src/shared/contract';
import { COURSE_EDITOR_TEXTS as T, LESSON_SVG_MAX_BYTES } from '../../../../src/shared/contract/course-editor';
import { MESSAGES } from '../../../contract/errors';
import type { TestClient } from '../../../../tests/helpers/client';
import { PNG_1X1, pngBomb } from '../../../../tests/helpers/image-fixtures';
import { startTestServer, testDialects, type TestServer } from '../../../../tests/helpers/server';
import { UPLOAD_MESSAGES } from '../../../uploads';
import { checkSvg } from './lesson-svg';

const DRAWING = '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"/></defs><rect width="10" height="10" fill="url(#g)"/></svg>\n';

describe('lesson SVG check', () => {
  it('takes a plain drawing and refuses active content or anything that is no SVG', () => {
    expect(checkSvg(Buffer.from(DRAWING))).toBe('svg');
    for (const unsafe of [
      '<svg><script>alert(1)</script></svg>',
      '<svg onload="alert(1)"></svg>',
      '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>',
      '<svg><image href="https://tracker.example/x.png"/></svg>',
      '<svg><use xlink:href="http://evil.example/s.svg#a"/></svg>',
      '<svg><foreignObject><div/></foreignObject></svg>',
      '<svg><style>@import url(https://evil.example/a.css);</style></svg>',
      '<svg><rect style="fill:url(https://evil.example/x)"/></svg>',
    ]) {
      expect(checkSvg(Buffer.from(unsafe)), unsafe).toBe('unsafe');
    }
    expect(checkSvg(Buffer.from('<!DOCTYPE svg [<!ENTITY x "y">]><svg></svg>'))).toBe('notSvg');
    expect(checkSvg(Buffer.from('<html><body></body></html>'))).toBe('notSvg');
    expect(checkSvg(Buffer.from([0xff, 0xfe, 0x00, 0x3c]))).toBe('notSvg');
  });
});

describe.each(testDialects)('lesson picture upload on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.signIn('admin');
  }, 60_000);
  afterAll(() => server.close());

  const path = courseEditor.uploadLessonImage.path;
  const imagePathOf = async (number: number) => (await server.server.services.db.selectFrom('lessons').select('image_path').where('number', '=', number).executeTakeFirstOrThrow()).image_path;

  it('stores a PNG as the lesson picture the road shows, and replaces it with an SVG', async () => {
    const reply = await admin.upload(path, { number: 2 }, PNG_1X1, 'picture.png');
    expect(reply.status).toBe(200);
    const imagePath = String(reply.body.imagePath);
    expect(imagePath).toMatch(/^\/app\/images\/lessons\/2-[0-9a-f]{16}\.png$/);
    expect(await imagePathOf(2)).toBe(imagePath);
    const student = await server.signIn('student');
    const road = (await student.call(course.getLessonsRoad, {})).dataArrayArray.flat();
    expect(road.find((lesson) => lesson.lesson_number === 2)?.lesson_img_adr).toBe(imagePath);
    const served = await fetch(server.url + imagePath);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    const svg = await admin.upload(path, { number: 2 }, Buffer.from(DRAWING), 'picture.svg');
    const svgPath = String(svg.body.imagePath);
    expect(svgPath).toMatch(/^\/app\/images\/lessons\/2-[0-9a-f]{16}\.svg$/);
    const shown = await fetch(server.url + svgPath);
    expect(shown.headers.get('content-type')).toBe('image/svg+xml');
    expect(shown.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await shown.text()).toBe(DRAWING);
    // The replaced PNG is gone from storage.
    expect((await fetch(server.url + imagePath)).status).toBe(404);
  });

  it('refuses other files, unsafe SVG, unknown lessons and callers without the course button, changing nothing', async () => {
    const before = await imagePathOf(3);
    const cases: [Record<string, unknown>, Buffer, number, string][] = [
      [{ number: 3 }, Buffer.from('%PDF-1.4 not a picture'), 400, T.imageType],
      [{ number: 3 }, Buffer.from('<svg><script>alert(1)</script></svg>'), 400, T.svgUnsafe],
      [{ number: 3 }, Buffer.concat([Buffer.from('<svg>'), Buffer.alloc(LESSON_SVG_MAX_BYTES, 0x20), Buffer.from('</svg>')]), 400, T.imageType],
      [{ number: 3 }, pngBomb(), 400, UPLOAD_MESSAGES.imagePixels],
      [{ number: 999 }, PNG_1X1, 404, T.lessonNotFound],
      [{ number: 'x' }, PNG_1X1, 400, UPLOAD_MESSAGES.malformed],
    ];
    for (const [data, file, status, message] of cases) {
      const reply = await admin.upload(path, data, file, 'f.bin');
      expect({ status: reply.status, body: reply.body }).toEqual({ status, body: { success: '0', message } });
    }
    const student = await server.signIn('student');
    const refused = await student.upload(path, { number: 3 }, PNG_1X1, 'f.png');
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: { success: '0', message: MESSAGES.forbidden } });
    expect(await imagePathOf(3)).toBe(before);
    expect((await fetch(`${server.url}/app/images/lessons/3-0000000000000000.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/app/images/lessons/..%2F..%2Fenot.db`)).status).toBe(404);
  });
});
