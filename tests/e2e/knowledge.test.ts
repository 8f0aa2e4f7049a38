import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledge } from '../../src/shared/contract';
import { LESSON_STUDY_DAYS } from '../../src/shared/domain/pace';
import { startChatModelStandIn, type ChatModelStandIn } from '../stand-ins/chat-model';
import { join } from 'node:path';
import { screenshot, SCREENSHOT_DIR, settledScreenshot, signInAs } from '../helpers/browser';
import { type TestServer } from '../helpers/server';
import { useE2e } from '../helpers/e2e';

const NEW_SENTENCE = 'Стагфляция — сочетание инфляции со спадом производства и ростом безработицы.';
const INFLATION = 'Инфляция: виды и последствия';

async function chunkIdByName(server: TestServer, name: string): Promise<number> {
  const row = await server.server.services.db.selectFrom('kb_chunks').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

/** Opens the chat panel from its floating icon and waits for the history to load. */
async function openChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Задать вопрос' }).click();
  await page.getByTestId('assistant-panel').waitFor();
  await page.getByTestId('assistant-bot-botTheory').and(page.locator('[aria-selected="true"]')).waitFor();
}

async function ask(page: Page, question: string): Promise<ReturnType<Page['locator']>> {
  const before = await page.locator('.assistant-message--bot').count();
  await page.getByTestId('assistant-input').fill(question);
  await page.getByTestId('assistant-input').press('Enter');
  const answer = page.locator('.assistant-message--bot').nth(before);
  await answer.and(page.locator('[data-status="done"], [data-status="error"]')).waitFor({ timeout: 15_000 });
  return answer;
}

describe('knowledge base, knowledge map and assistant in chromium', () => {
  const e2e = useE2e();

  it('an admin edits a chunk and publishes; the student sees the new text on the map and in the bot answer, with its citation', async () => {
    const chunkId = await chunkIdByName(e2e.server, INFLATION);
    const admin = await e2e.openPage();
    await signInAs(admin.page, 'admin');
    await admin.page.goto('/study/curator/theory_chunks?filter90Plus=all&page=1&limit=100');
    const card = admin.page.getByTestId(`kb-chunk-${chunkId}`);
    await card.waitFor();
    await expect(card.getByTestId('kb-chunk-save').isDisabled()).resolves.toBe(true);
    const answer = card.getByTestId('kb-chunk-answer');
    await answer.fill(`${await answer.inputValue()}\n\n${NEW_SENTENCE}`);
    await card.getByTestId('kb-chunk-clean').filter({ hasText: 'Стагфляция — сочетание' }).waitFor();
    await card.getByTestId('kb-chunk-save').click();
    await card.getByTestId('kb-chunk-status').filter({ hasText: 'Сохранено' }).waitFor();
    await admin.page.screenshot({ path: join(SCREENSHOT_DIR, 'knowledge-admin-light-1280.png') });
    await admin.page.getByTestId('kb-publish').click();
    const dialog = admin.page.getByRole('dialog', { name: 'Актуализировать базу знаний?' });
    await dialog.getByRole('textbox').fill('ОБНОВИТЬ');
    await dialog.getByRole('button', { name: 'Обновить' }).click();
    await admin.page.getByText(/База знаний обновлена: опубликовано чанков \d+/).waitFor();
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    const student = await e2e.openPage();
    await signInAs(student.page, 'student');
    await student.page.goto('/study/knowledge_grid');
    await student.page.getByRole('heading', { level: 1, name: 'Карта знаний' }).waitFor();
    await student.page.getByTestId(`kb-cell-${chunkId}`).click();
    await student.page.getByRole('dialog', { name: INFLATION }).waitFor();
    await screenshot(student.page, 'knowledge-map-item-light-1280');
    await student.page.getByTestId('kb-open-theory').click();
    await student.page.getByText(NEW_SENTENCE).waitFor();
    await screenshot(student.page, 'knowledge-map-theory-light-1280');
    await student.page.keyboard.press('Escape');
    await student.page.keyboard.press('Escape');

    await openChat(student.page);
    const reply = await ask(student.page, 'что такое стагфляция?');
    const text = await reply.textContent();
    expect(text).toContain('Вот выдержки из базы знаний школы');
    expect(text).toContain('Стагфляция — сочетание инфляции');
    expect(text).toContain(`«${INFLATION}», урок 4`);
    // Shell §5: bold, italic, underline and strike are formatting; the quoted chunk is in bold.
    expect(await reply.locator('.assistant-message__text strong').first().textContent()).toContain(`«${INFLATION}», урок 4`);
    await screenshot(student.page, 'assistant-answer-light-1280');
    await reply.getByTestId('assistant-cite').first().click();
    await student.page.getByRole('dialog', { name: INFLATION }).getByText(NEW_SENTENCE).waitFor();
    await student.page.keyboard.press('Escape');

    // Any other tag shows as the text it is; the four formatting tags format.
    await ask(student.page, 'что такое <u>инфляция</u>? <script>window.hacked = 1</script> <img src=x onerror="window.hacked = 1">');
    const mine = student.page.locator('.assistant-message--mine').last();
    expect(await mine.locator('u').textContent()).toBe('инфляция');
    expect(await mine.textContent()).toContain('<script>window.hacked = 1</script> <img src=x onerror="window.hacked = 1">');
    expect(await mine.locator('script, img').count()).toBe(0);
    expect(await student.page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await mine.screenshot({ path: join(SCREENSHOT_DIR, 'assistant-formatting-light-1280.png') });

    for (const question of ['какая завтра погода в москве', 'рецепт борща с фасолью', 'кто выиграл чемпионат мира по футболу']) {
      const nonsense = await ask(student.page, question);
      expect(await nonsense.textContent(), question).toContain('не нашёл ответа в базе знаний');
    }
    expect(student.errors).toEqual([]);
    await student.context.close();
  });

  it('a student takes a chunk test scored on the server and the cell shows the result', async () => {
    const chunkId = await chunkIdByName(e2e.server, 'Спрос и закон спроса');
    const { page, context, errors } = await e2e.openPage();
    await signInAs(page, 'intensive');
    await page.goto(`/study/knowledge_grid?test=${chunkId}`);
    // Titled by its topic, the cell's number under it.
    await page.getByRole('heading', { level: 1, name: 'Спрос и закон спроса' }).waitFor();
    expect(await page.locator('.kb-test__cell').textContent()).toBe(`Клетка знаний №${chunkId}`);
    // Step by the heading's number, not the button's label: while a save is in flight the
    // button still shows the previous question's label.
    const heading = page.getByRole('heading', { level: 2, name: /^Вопрос \d+ из \d+$/ });
    for (;;) {
      const [, at, of] = /Вопрос (\d+) из (\d+)/.exec((await heading.textContent()) ?? '')!;
      await page.getByTestId('kb-test-next').click();
      if (at === of) break;
      await page.getByRole('heading', { level: 2, name: `Вопрос ${Number(at) + 1} из ${of}` }).waitFor();
    }
    // Nothing answered: every question is wrong, the result and the map say so.
    const result = page.getByTestId('kb-result');
    await result.waitFor();
    expect(await result.textContent()).toMatch(/^Верных: 0 из \d+$/);
    // Each question shows the answer given and the right one, not only ✗.
    const rows = page.locator('[data-testid="kb-result-list"] > li');
    const total = Number(/из (\d+)/.exec((await result.textContent())!)![1]);
    expect(await rows.count()).toBe(total);
    const { questions } = await (await e2e.server.signIn('intensive')).openLive().then(async (socket) => {
      const reply = await socket.request(knowledge.getKnowledgeQuestions, { chunkId });
      socket.close();
      return reply;
    });
    for (const [index, question] of questions.entries()) {
      const text = await rows.nth(index).textContent();
      expect(text).toContain('Ваш ответНет ответа');
      expect(text).toContain(`Правильный ответ${question.question.q_answer}`);
    }
    await screenshot(page, 'knowledge-test-result-light-1280');
    for (const [width, dark] of [[1280, true], [390, false], [390, true]] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate((isDark) => (document.documentElement.dataset.theme = isDark ? 'dark' : 'light'), dark);
      await settledScreenshot(page, `knowledge-test-result-${dark ? 'dark' : 'light'}-${width}`);
    }
    await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('kb-test-again').click();
    await page.getByTestId('kb-test-next').waitFor();
    await page.getByTestId('kb-back-to-map').click();
    await page.getByTestId(`kb-cell-${chunkId}`).waitFor();
    expect(await page.getByTestId(`kb-cell-${chunkId}`).getAttribute('data-level')).toBe('0');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('colours cells against what is due: lessons not due yet are «впереди», never «отстаёт»; the legend says so', async () => {
    const { db, clock } = e2e.server.server.services;
    // A lesson is due a week after it opens (or at an earlier homework deadline; the demo's are later).
    const notDue = await db
      .selectFrom('kb_published_chunks as c')
      .innerJoin('lessons as l', 'l.number', 'c.lesson_num')
      .select('c.id')
      .where('c.kind', '=', 'theory')
      .where('c.is_90plus', '=', 0)
      .where('l.opens_at', '>', clock.now() - LESSON_STUDY_DAYS * 86_400_000)
      .execute();
    expect(notDue.length).toBeGreaterThan(0);
    const { page, context, errors } = await e2e.openPage();
    await signInAs(page, 'student');
    await page.goto('/study/knowledge_grid');
    await page.locator('.kb-cell').first().waitFor();
    for (const { id } of notDue) expect(['ahead', 'ok'], `cell ${id}`).toContain(await page.getByTestId(`kb-cell-${id}`).getAttribute('data-pace'));
    // Every cell says its state in words, not by colour alone.
    const labels = await page.locator('.kb-cell').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label') ?? ''));
    for (const label of labels) expect(label).toMatch(/, (впереди|в порядке|подтянуть|отстаёт)$/);
    const legend = page.getByTestId('kb-legend');
    expect(await legend.locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-pace')))).toEqual(['ahead', 'ok', 'weak', 'behind']);
    expect(await legend.textContent()).toContain('впереди — тему ещё не пора знать: урок не открыт, открыт меньше недели назад или вы начали позже');
    // The popup of a cell not due tells from when it is.
    await page.getByTestId(`kb-cell-${notDue[0]!.id}`).click();
    const state = page.getByTestId('kb-item-pace');
    await state.waitFor();
    expect(await state.textContent()).toMatch(/^Состояние: (впереди|в порядке)Тему пора знать с \d\d\.\d\d\.\d{4}$/);
    await settledScreenshot(page, 'knowledge-map-item-ahead-light-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the map and the chat in the dark theme and on a narrow screen', async () => {
    for (const [width, dark] of [[1280, false], [1280, true], [390, false], [390, true]] as const) {
      const { page, context, errors } = await e2e.openPage({ width, height: 780 });
      await signInAs(page, 'student', { dark });
      await page.goto('/study/knowledge_grid');
      await page.locator('.kb-cell').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `knowledge-map-${dark ? 'dark' : 'light'}-${width}`);
      await openChat(page);
      await ask(page, 'что такое инфляция');
      await screenshot(page, `assistant-${dark ? 'dark' : 'light'}-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
    const admin = await e2e.openPage({ width: 390, height: 780 });
    await signInAs(admin.page, 'admin', { dark: true });
    await admin.page.goto('/study/curator/theory_chunks');
    await admin.page.getByTestId('kb-page-of').waitFor();
    await admin.page.screenshot({ path: join(SCREENSHOT_DIR, 'knowledge-admin-dark-390.png') });
    await admin.context.close();
  });
});

describe('assistant with a local OpenAI-compatible stand-in in chromium', () => {
  let standIn: ChatModelStandIn;

  beforeAll(async () => {
    standIn = await startChatModelStandIn();
    standIn.delayMs = 120;
  });
  afterAll(async () => {
    await standIn?.close();
  });
  const e2e = useE2e({ env: () => ({ LLM_URL: standIn.url, LLM_MODEL: 'stand-in', LLM_TIMEOUT_MS: '5000' }) });

  it('grows a streamed answer with its citation, then shows the error text when the provider fails', async () => {
    const { page, context, errors } = await e2e.openPage();
    await signInAs(page, 'student');
    await openChat(page);
    await page.getByTestId('assistant-input').fill('признаки правового государства');
    await page.getByTestId('assistant-input').press('Enter');
    const streaming = page.locator('.assistant-message--bot[data-status="streaming"]');
    await streaming.waitFor({ timeout: 10_000 });
    const partial = (await streaming.textContent()) ?? '';
    const done = page.locator('.assistant-message--bot[data-status="done"]').last();
    await done.waitFor({ timeout: 15_000 });
    const whole = (await done.textContent()) ?? '';
    expect(whole.length).toBeGreaterThan(partial.length);
    expect(whole).toContain('По базе знаний:');
    const cite = done.getByTestId('assistant-cite').first();
    const cited = ((await cite.getAttribute('title')) ?? '').replace(/^Источник \[1\]: /, '');
    expect(cited).not.toBe('');
    await cite.click();
    await page.getByRole('dialog', { name: cited }).waitFor();
    await page.keyboard.press('Escape');
    await screenshot(page, 'assistant-model-light-1280');

    standIn.failWith = { status: 503, message: 'overloaded' };
    await page.getByTestId('assistant-input').fill('что такое инфляция');
    await page.getByTestId('assistant-input').press('Enter');
    const failed = page.locator('.assistant-message--bot[data-status="error"]').last();
    await failed.waitFor({ timeout: 15_000 });
    expect(await failed.textContent()).toContain('Не удалось загрузить ответ');
    expect(standIn.requests.every((request) => request.stream)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
    // The same data through the contract, so a renamed field shows here too.
    expect(knowledge.getTheoryChunk.path).toBe('/knowledge_grid/get_theory_chunk');
  });
});
