import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCREENSHOT_DIR, signInAs } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';
import { makeHomework } from '../helpers/factories';

/**
 * Issue 30 item 8: the floating pet and «?» icons never cover a screen's buttons. Every main
 * student screen and the curator's check screen, at 390 and 1280 px, is read as a person scrolls
 * it: from the top to the end in steps of half a window. At every step, each control fully in the
 * visible part of the window (below the sticky header, above the phone's dock) — buttons, links,
 * fields, toggles and their labels, status lines, and the texts a screen names — must share no
 * pixel with a floating icon and be the element under its own centre.
 */

/** Homework 5 part 1: one question, so «Продолжить» is on screen. */
const HT_P1 = 5;
/** Homework 3 part 2 is timed in the demo seed: the start screen first, then the answer form. */
const HT_P2 = 3;

interface Blocked {
  what: string;
  by: string;
  scrollY: number;
}

/** Runs in the page: every control (plus `extra`) covered, or touching a floating icon, at some scroll position. */
function findBlocked(extra: string): Blocked[] {
  const icons = Array.from(document.querySelectorAll('.ui-floating-icon'));
  const describe = (element: Element) => {
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const testId = element.getAttribute('data-testid');
    const className = typeof element.className === 'string' && element.className ? `.${element.className.split(' ')[0]}` : '';
    return `${element.tagName.toLowerCase()}${testId ? `[${testId}]` : className} «${text}»`;
  };
  const selector = `main :is(button, a[href], input:not([type="hidden"]), select, textarea, label, [role="switch"], [role="status"], [role="tab"])${extra ? `, ${extra}` : ''}`;
  // Rows of links that scroll sideways show their own arrows over the cut links (item 9's test).
  const candidates = Array.from(document.querySelectorAll(selector)).filter((element) => !element.closest('.ui-floating-icon, .ui-scroll-row') && element.checkVisibility({ opacityProperty: true, visibilityProperty: true }));
  const header = document.querySelector('.shell__header');
  const dock = document.querySelector('.shell__dock');
  /** The part of the window the page shows: under the sticky header, above the dock. */
  const visible = () => {
    const dockBox = dock?.getBoundingClientRect();
    return { top: header ? Math.max(0, header.getBoundingClientRect().bottom) : 0, bottom: dockBox && dockBox.height > 0 ? dockBox.top : window.innerHeight };
  };
  /** Inside every ancestor that clips (a scrolled list, a collapsed panel). */
  const unclipped = (element: Element, box: DOMRect) => {
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const frame = parent.getBoundingClientRect();
      if (box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1 || box.bottom > frame.bottom + 1) return false;
    }
    return true;
  };
  const blocked = new Map<string, Blocked>();
  const end = document.documentElement.scrollHeight - window.innerHeight;
  const positions: number[] = [];
  for (let y = 0; y < end; y += Math.max(100, Math.round(window.innerHeight / 2))) positions.push(y);
  positions.push(Math.max(0, end));
  for (const y of positions) {
    window.scrollTo(0, y);
    const area = visible();
    for (const element of candidates) {
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      if (box.top < area.top || box.bottom > area.bottom || box.left < 0 || box.right > window.innerWidth || !unclipped(element, box)) continue;
      const what = describe(element);
      if (blocked.has(what)) continue;
      const touching = icons.find((icon) => {
        const other = icon.getBoundingClientRect();
        return other.left < box.right && other.right > box.left && other.top < box.bottom && other.bottom > box.top;
      });
      if (touching) {
        blocked.set(what, { what, by: describe(touching), scrollY: window.scrollY });
        continue;
      }
      // A link wrapped over two lines: the centre of its first line (the box's centre may be between words).
      const line = element.getClientRects()[0] ?? box;
      const hit = document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2);
      const labelled = element instanceof HTMLInputElement && Array.from(element.labels ?? []).some((label) => hit && label.contains(hit));
      if (!hit || !(element === hit || element.contains(hit) || labelled)) blocked.set(what, { what, by: hit ? describe(hit) : 'nothing', scrollY: window.scrollY });
    }
  }
  window.scrollTo(0, 0);
  return Array.from(blocked.values());
}

describe('phone and laptop layout (issue 30 items 8–10)', () => {
  const db = () => e2e.server.server.services.db;
  let sofiaKey = '';

  const e2e = useE2e();
  beforeAll(async () => {
    await makeHomework(e2e.server, {
      num: HT_P1,
      part1: [{ questionType: 'WORD', questionText: 'Запишите слово, пропущенное в схеме: «Социальная …: деление общества на слои».', rightAnswers: ['стратификация'], qEgeNum: 2, qLessonNum: HT_P1, qChapter: 'Социальные отношения', isPublished: '1' }],
      rules: { p1TimeLimitMin: 30, deadlineAt: null },
    });
    const sofia = await db().selectFrom('users').select(['id', 'vk_id']).where('login', '=', 'sofia').executeTakeFirstOrThrow();
    sofiaKey = sofia.vk_id ?? `id${sofia.id}`;
  });

  /** The icons are there (so an empty result means something) and the page has settled. */
  async function blockedOn(page: Page, shot: string, extra = ''): Promise<Blocked[]> {
    await page.locator('.pet-overlay__icon').waitFor();
    await page.locator('.assistant-icon').waitFor();
    await page.waitForLoadState('networkidle');
    // What a person sees: the window, not the whole page (the icons are fixed to the window).
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `keep-clear-${shot}.png`) });
    return page.evaluate(findBlocked, extra);
  }

  const STUDENT_SCREENS: Array<{ name: string; open(page: Page): Promise<void>; extra?: string }> = [
    { name: 'roadmap', open: async (page) => void (await page.goto('/study/roadmap'), await page.locator('.road-node').first().waitFor()) },
    { name: 'today', open: async (page) => void (await page.goto('/study/today'), await page.getByTestId('today-plan').or(page.getByTestId('first-day')).first().waitFor()) },
    { name: 'lk', open: async (page) => void (await page.goto('/study/lk'), await page.getByRole('heading', { level: 1 }).first().waitFor()) },
    {
      name: 'ht-p1',
      open: async (page) => {
        await page.goto(`/study/ht_p1/${HT_P1}/0`);
        // Timed: the start screen first (its «Начать» is checked on the first visit), then the question.
        await page.getByTestId('ht-start').or(page.getByTestId('ht-continue')).first().waitFor();
        if (await page.getByTestId('ht-start').isVisible()) await page.getByTestId('ht-start').click();
        await page.getByTestId('ht-continue').waitFor();
      },
    },
    {
      name: 'ht-p2',
      open: async (page) => {
        await page.goto(`/study/ht_p2?dz_num=${HT_P2}&dop=0`);
        await page.getByTestId('p2-info').waitFor();
        if (await page.getByTestId('p2-start').isVisible()) await page.getByTestId('p2-start').click();
        await page.getByTestId('p2-save').waitFor();
      },
      extra: '[data-testid="p2-save-state"]',
    },
    { name: 'trains-p1', open: async (page) => void (await page.goto('/study/trains/trains_p1'), await page.getByTestId('trp1-start').waitFor()) },
    { name: 'trains-p2', open: async (page) => void (await page.goto('/study/trains/trains_p2'), await page.getByRole('heading', { level: 1, name: 'Тренировка 2 части' }).waitFor()) },
    {
      name: 'video',
      open: async (page) => {
        await page.goto('/study/video_lesson/1');
        await page.getByRole('button', { name: 'Дополнительно' }).click();
        await page.locator('.video-lesson__description').waitFor();
      },
      extra: '.video-lesson__description',
    },
    { name: 'ratings', open: async (page) => void (await page.goto('/study/ratings'), await page.getByRole('heading', { level: 1 }).first().waitFor()) },
    { name: 'calendar', open: async (page) => void (await page.goto('/study/calendar'), await page.getByRole('heading', { level: 1 }).first().waitFor()) },
    { name: 'search-video', open: async (page) => void (await page.goto('/study/materials/search_video'), await page.getByRole('heading', { level: 1 }).first().waitFor()) },
  ];

  it('homework part 2 at 390×844: the bars leave the answer at least 70 % of the visible height (issue 42)', async () => {
    const { page, context, errors } = await e2e.openPage({ width: 390, height: 844 });
    await signInAs(page, 'student');
    await STUDENT_SCREENS.find((screen) => screen.name === 'ht-p2')!.open(page);
    const answer = page.locator('textarea[data-testid^="p2-answer-"]').first();
    await answer.click();
    await page.waitForLoadState('networkidle');
    // What stays for writing: the window between the bars fixed or stuck to its top and to its bottom.
    const room = await page.evaluate(() => {
      const height = window.innerHeight;
      let top = 0;
      let bottom = height;
      for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
        const position = getComputedStyle(element).position;
        if (position !== 'fixed' && position !== 'sticky') continue;
        const rect = element.getBoundingClientRect();
        if (rect.width < 40 || rect.height === 0 || rect.bottom <= 0 || rect.top >= height) continue;
        if (rect.top <= 1 && rect.bottom < height / 2) top = Math.max(top, rect.bottom);
        else if (rect.bottom >= height - 1 && rect.top > height / 2) bottom = Math.min(bottom, rect.top);
        else if (position === 'sticky' && rect.top > height / 2) bottom = Math.min(bottom, rect.top);
      }
      return { height, free: bottom - top };
    });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'p2-answer-room-390.png') });
    console.log(`p2 answer room at 390×844: ${room.free} of ${room.height} px`);
    expect(room.free / room.height).toBeGreaterThanOrEqual(0.7);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const width of [390, 1280]) {
    it(`student screens at ${width} px: nothing under the pet or the «?»`, async () => {
      const { page, context, errors } = await e2e.openPage({ width, height: width === 390 ? 844 : 800 });
      await signInAs(page, 'student');
      const found: Record<string, Blocked[]> = {};
      for (const screen of STUDENT_SCREENS) {
        await screen.open(page);
        const blocked = await blockedOn(page, `${screen.name}-${width}`, screen.extra);
        if (blocked.length > 0) found[screen.name] = blocked;
      }
      expect(found).toEqual({});
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`curator's check screen at ${width} px: a fragment's «Удалить» and the actions stay clear`, async () => {
      const { page, context, errors } = await e2e.openPage({ width, height: width === 390 ? 844 : 800 });
      // The dark theme here, the light one on the student screens.
      await signInAs(page, 'curator', { dark: true });
      await page.goto(`/study/curator/homeworks/ht_p2/${HT_P2}/${sofiaKey}`);
      await page.getByTestId('answer').first().waitFor();
      await page.getByTestId('answer').first().evaluate((element) => {
        const text = element.firstChild!.firstChild as Text;
        const range = document.createRange();
        range.setStart(text, 0);
        range.setEnd(text, 12);
        window.getSelection()!.removeAllRanges();
        window.getSelection()!.addRange(range);
        element.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      });
      await page.getByRole('button', { name: 'Добавить фрагмент' }).click();
      await page.locator('.task-check__segment').first().getByRole('button', { name: 'Удалить' }).waitFor();
      expect(await blockedOn(page, `curator-check-dark-${width}`)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('item 9: a row of links wider than the phone fades at the cut side and its arrow scrolls on; nothing is cut on a laptop', async () => {
    for (const dark of [false, true]) {
      const theme = dark ? 'dark' : 'light';
      const { page, context, errors } = await e2e.openPage({ width: 390, height: 844 });
      await signInAs(page, 'student', { dark });
      await page.goto('/study/trains/trains_p1');
      await page.getByTestId('trp1-start').waitFor();
      for (const row of ['.shell__nav-row', '.side-nav-row']) {
        const nav = page.locator(`${row} nav`);
        // Wider than the screen: some link is cut, and the row says so with a fade and an arrow.
        expect(await nav.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
        await page.locator(row).locator('.ui-scroll-row__arrow').first().waitFor();
        expect(await nav.evaluate((element) => getComputedStyle(element).maskImage)).toContain('gradient');
        // The current page's link is scrolled into the row's view.
        const current = nav.locator('[aria-current="page"]');
        await expect
          .poll(() =>
            current.evaluate((link) => {
              const box = link.getBoundingClientRect();
              const frame = link.parentElement!.getBoundingClientRect();
              return box.left >= frame.left && box.right <= frame.right;
            }),
          )
          .toBe(true);
      }
      await page.screenshot({ path: join(SCREENSHOT_DIR, `scroll-rows-${theme}-390.png`) });
      // The side tabs start at the beginning: the arrow after them scrolls on and one before appears.
      const tabs = page.locator('.side-nav-row');
      await tabs.locator('nav').evaluate((element) => (element.scrollLeft = 0));
      await tabs.getByTestId('scroll-row-after').click();
      await expect.poll(() => tabs.locator('nav').evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      await tabs.getByTestId('scroll-row-before').waitFor();
      await page.screenshot({ path: join(SCREENSHOT_DIR, `scroll-rows-scrolled-${theme}-390.png`) });
      expect(errors).toEqual([]);
      await context.close();

      const wide = await e2e.openPage({ width: 1280, height: 800 });
      await signInAs(wide.page, 'student', { dark });
      await wide.page.goto('/study/trains/trains_p1');
      await wide.page.getByTestId('trp1-start').waitFor();
      await wide.page.locator('.shell__nav-link').first().waitFor();
      expect(await wide.page.getByTestId('scroll-row-after').count()).toBe(0);
      await wide.page.screenshot({ path: join(SCREENSHOT_DIR, `scroll-rows-${theme}-1280.png`) });
      await wide.context.close();
    }
  });

  it('item 10: a cited chunk opens over the chat panel, its close button reachable, light and dark at 390 and 1280 px', async () => {
    for (const dark of [false, true]) {
      for (const width of [390, 1280]) {
        const { page, context, errors } = await e2e.openPage({ width, height: width === 390 ? 844 : 800 });
        await signInAs(page, 'student', { dark });
        await page.getByRole('button', { name: 'Задать вопрос' }).click();
        await page.getByTestId('assistant-panel').waitFor();
        await page.getByTestId('assistant-input').fill('что такое инфляция');
        await page.getByTestId('assistant-input').press('Enter');
        const answer = page.locator('.assistant-message--bot[data-status="done"]').last();
        await answer.waitFor({ timeout: 15_000 });
        const cite = answer.getByTestId('assistant-cite').first();
        const cited = ((await cite.getAttribute('title')) ?? '').replace(/^Источник \[\d+\]: /, '');
        await cite.click();
        const dialog = page.getByRole('dialog', { name: cited });
        await dialog.locator('.ui-popup__body').waitFor();
        await page.screenshot({ path: join(SCREENSHOT_DIR, `assistant-cited-${dark ? 'dark' : 'light'}-${width}.png`) });
        // The popup's close button is the element under its own centre (the panel used to cover it).
        const close = dialog.getByRole('button', { name: 'Закрыть' });
        expect(await close.evaluate((button) => {
          const box = button.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit !== null && button.contains(hit);
        })).toBe(true);
        await close.click();
        await dialog.waitFor({ state: 'detached' });
        // Closing the chunk leaves the chat open where it was.
        await page.getByTestId('assistant-panel').waitFor();
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
