import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { homeworkP1 } from '../../src/shared/contract';
import type { HomeworkQuestionP1 } from '../../src/shared/contract/homework-p1';
import { TestClient } from '../helpers/client';
import { spawnServer, type ServerProcess } from '../helpers/process';

/** A complete answer of the right shape (right or wrong does not matter here). */
function someAnswer(question: HomeworkQuestionP1): string {
  if (question.qJson.questionType === 'WORD') return 'слово';
  if (question.ans_length > 0) return '1'.repeat(question.ans_length);
  return '1';
}

/** Issue #8: every acknowledged homework step survives the server being killed. */
describe('homework part 1 answers survive a killed server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'enot-durable-'));
  const env = { DATABASE_URL: `sqlite:${join(dir, 'enot.db')}`, REDIS_URL: '', DEMO_MEDIA: '0' };
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the position and the answers after SIGKILL and a restart', async () => {
    server = await spawnServer(env);
    let student = await new TestClient(server.url).signIn('student');
    const input = { htNum: 6, isDopPart: '0' as const };
    const given: string[] = [];
    for (const questionNum of [1, 2]) {
      const part = await student.call(homeworkP1.getHtP1Divided, input);
      const answer = someAnswer(part.questions[0]!);
      given.push(answer);
      await student.call(homeworkP1.sendHtP1Divided, { ...input, questionNum, userAnswer: answer });
    }
    // No graceful shutdown: the process dies right after the acknowledged answers.
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server!.child.once('exit', resolve));

    server = await spawnServer(env);
    student = await new TestClient(server.url).signIn('student');
    const resumed = await student.call(homeworkP1.getHtP1Divided, input);
    expect(resumed.htStatusP1).toBe('Выполняется');
    expect(resumed.htInfo).toMatchObject({ q_num_now_p1: 3, q_num_last_p1: 3 });
    for (let questionNum = 3; questionNum <= resumed.htInfo.q_nums_p1; questionNum += 1) {
      const part = await student.call(homeworkP1.getHtP1Divided, input);
      await student.call(homeworkP1.sendHtP1Divided, { ...input, questionNum, userAnswer: someAnswer(part.questions[0]!) });
    }
    const result = await student.call(homeworkP1.getHtP1Divided, input);
    expect(result.htStatusP1).toBe('Готово');
    expect(result.questions.slice(0, 2).map((question) => question.user_answer)).toEqual(given);
  });
});
