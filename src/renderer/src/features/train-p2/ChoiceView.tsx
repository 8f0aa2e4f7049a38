import type { availableQuestions2, TableType, TrainP2Mode } from '@shared/contract/train-p2';
import { TABLE_TYPES, TRAIN_P2_MODES } from '@shared/contract/train-p2';
import type { OutputOf } from '@shared/contract/core';
import { ruTrainP2 as t } from '../../i18n/train-p2';
import { Button, Card, cx, Select, Switch } from '../../ui';
import { setsForMode, type TrainP2Choice } from './logic';

type Available = OutputOf<typeof availableQuestions2>;

/** What the student asked for: a set of questions to answer, or answers to check. */
export type Start = { kind: 'answer'; questionType: string } | { kind: 'check'; questionType: string };

export interface ChoiceViewProps {
  available: Available;
  choice: TrainP2Choice;
  onChange: (choice: TrainP2Choice) => void;
  onStart: (start: Start) => void;
  onTable: (table: TableType) => void;
  busy: boolean;
}

/** Mode, sets of questions and the checks tables (learning §2 'Training part 2', ChoiceView). */
export function ChoiceView({ available, choice, onChange, onStart, onTable, busy }: ChoiceViewProps) {
  const peers = available.additionInfo.peerModes === '1';
  // Demo and Пакетник: the classmates and AI modes are not offered at all (the server refuses them too).
  const modes = TRAIN_P2_MODES.filter((mode) => peers || (mode !== 'checkByClassmates' && mode !== 'checkByAI'));
  // No language model on the server: the AI mode is shown but cannot be chosen.
  const aiOff = available.additionInfo.aiConfigured !== '1';
  const offered = (item: TrainP2Mode) => !(item === 'checkByAI' && aiOff);
  const mode: TrainP2Mode = modes.includes(choice.mode) && offered(choice.mode) ? choice.mode : 'selfCheck';
  const likeCurator = mode === 'checkLikeCurator';
  const sets = setsForMode(mode, available);
  const aiEmpty = mode === 'checkByAI' && sets.egeNums.length === 0;
  const waitingChecks = available.additionInfo.availableChecksAnother;
  const chapter = choice.chapter[mode];
  const egeNum = choice.egeNum[mode];
  const go = (questionType: string) => onStart(likeCurator ? { kind: 'check', questionType } : { kind: 'answer', questionType });
  const likeCurLeft = available.additionInfo.availableChecksLikeCur;
  const noneLeft = likeCurator && likeCurLeft <= 0;

  return (
    <div className="trp2-choice">
      <fieldset className="trp2-modes">
        <legend className="trp2-legend">{t.modeTitle}</legend>
        <div className="trp2-modes__grid">
          {modes.map((item) => (
            <label key={item} className={cx('trp2-mode', mode === item && 'trp2-mode--active', !offered(item) && 'trp2-mode--off')} data-testid={`trp2-mode-${item}`}>
              <input type="radio" name="trp2-mode" className="trp2-radio" value={item} checked={mode === item} disabled={!offered(item)} onChange={() => onChange({ ...choice, mode: item })} />
              <span className="trp2-mode__name">{t.modes[item]}</span>
              <span className="trp2-mode__hint">{offered(item) ? t.modeHints[item] : t.aiNotConfigured}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <Card
        title={t.setsTitle}
        actions={likeCurator ? <span className="trp2-badge" data-testid="trp2-likecur-left">{t.likeCurLeft(likeCurLeft)}</span> : undefined}
      >
        {aiEmpty ? (
          <p className="trp2-note" role="status" data-testid="trp2-ai-empty">
            {t.aiNoQuestions}
          </p>
        ) : (
          <div className="trp2-sets">
            {mode === 'checkByClassmates' && <Switch checked={choice.onlyUnsolved} onChange={(onlyUnsolved) => onChange({ ...choice, onlyUnsolved })} label={t.onlyUnsolved} />}
            <div className="trp2-cards">
              <div className="trp2-card">
                <h3 className="trp2-card__title">{t.cards.random}</h3>
                <p className="muted small">{t.cardHints.random}</p>
                <Button onClick={() => go('random')} disabled={busy || noneLeft} data-testid="trp2-start-random">
                  {t.start}
                </Button>
              </div>
              <div className="trp2-card">
                <h3 className="trp2-card__title">{t.cards.chapter}</h3>
                <Select<string>
                  aria-label={t.chapterLabel}
                  options={sets.chapters.map((name) => ({ value: name, label: name }))}
                  value={chapter && sets.chapters.includes(chapter) ? chapter : null}
                  placeholder={sets.chapters.length ? t.choose : t.noValues}
                  disabled={sets.chapters.length === 0}
                  onChange={(value) => onChange({ ...choice, chapter: { ...choice.chapter, [mode]: value } })}
                />
                <Button onClick={() => chapter && go(`chapter:${chapter}`)} disabled={busy || noneLeft || !chapter || !sets.chapters.includes(chapter)} data-testid="trp2-start-chapter">
                  {t.start}
                </Button>
              </div>
              <div className="trp2-card">
                <h3 className="trp2-card__title">{t.cards.egeNum}</h3>
                <Select<string>
                  aria-label={t.egeNumLabel}
                  options={sets.egeNums.map((n) => ({ value: String(n), label: t.task(n) }))}
                  value={egeNum !== undefined && sets.egeNums.includes(egeNum) ? String(egeNum) : null}
                  placeholder={sets.egeNums.length ? t.choose : t.noValues}
                  disabled={sets.egeNums.length === 0}
                  onChange={(value) => onChange({ ...choice, egeNum: { ...choice.egeNum, [mode]: Number(value) } })}
                />
                <Button onClick={() => egeNum !== undefined && go(`egeNum:${egeNum}`)} disabled={busy || noneLeft || egeNum === undefined || !sets.egeNums.includes(egeNum)} data-testid="trp2-start-egeNum">
                  {t.start}
                </Button>
              </div>
              {mode !== 'checkByAI' && (
                <div className="trp2-card">
                  <h3 className="trp2-card__title">{t.cards.mostDifficult}</h3>
                  <p className="muted small">{t.cardHints.mostDifficult}</p>
                  <Button variant="secondary" onClick={() => go('mostDifficult')} disabled={busy || noneLeft} data-testid="trp2-start-mostDifficult">
                    {t.start}
                  </Button>
                </div>
              )}
              {mode === 'checkByClassmates' && (
                <div className="trp2-card trp2-card--accent">
                  <h3 className="trp2-card__title">{t.cards.checkAnother}</h3>
                  <p className="muted small" data-testid="trp2-available-checks">
                    {t.cardHints.checkAnother(waitingChecks)}
                  </p>
                  {/* Nothing waits: «Начать» would only answer «Вопросы не найдены». */}
                  <Button onClick={() => onStart({ kind: 'check', questionType: 'random' })} disabled={busy || waitingChecks <= 0} data-testid="trp2-start-checkAnother">
                    {t.start}
                  </Button>
                </div>
              )}
            </div>
          </div>
        )}
      </Card>

      <Card title={t.tablesTitle}>
        <div className="trp2-cards">
          {TABLE_TYPES.map((table) => (
            <button key={table} type="button" className="trp2-card trp2-card--link" onClick={() => onTable(table)} data-testid={`trp2-table-${table}`}>
              <span className="trp2-card__title">{t.tables[table]}</span>
              <span className="muted small">{t.tableHints[table]}</span>
            </button>
          ))}
        </div>
      </Card>
    </div>
  );
}
