import { serverAssetUrl } from '../lib/server-asset-url';
import { kindSpecOf, MATCH_LETTERS, type QuestionJson } from '@shared/domain/questions';
import { ruHomeworkP1 } from '../i18n/homework-p1';
import type { QuestionView } from '../lib/question-view';
import { displayedOptions } from './logic';
import './question-result.css';

const t = ruHomeworkP1.p1;

/**
 * The question's text, image and options in DISPLAYED order (mixRule applied). In the graphic view
 * a kind whose widget shows the options (set, sequence: clickable cards) does not list them twice.
 */
export function QuestionBody({ question, view, showOptions = true }: { question: QuestionJson; view: QuestionView; showOptions?: boolean }) {
  const { columns, optionsInGraphicWidget } = kindSpecOf(question);
  const listOptions = showOptions && columns > 0 && (!optionsInGraphicWidget || view === 'text');
  const column1 = displayedOptions(question.questionAnsColumn1, question.mixRuleColumn1);
  const column2 = displayedOptions(question.questionAnsColumn2, question.mixRuleColumn2);
  return (
    <div className="ht-question">
      {question.questionText && <p className="ht-question__text">{question.questionText}</p>}
      {question.questionImage && <img className="ht-question__image" src={serverAssetUrl(question.questionImage)} alt={t.image} loading="lazy" />}
      {listOptions && columns === 2 && (
        <div className="ht-columns">
          <OptionList name={question.questionAnsColumn1Name} options={column1} label={(n) => MATCH_LETTERS[n - 1] ?? String(n)} />
          <OptionList name={question.questionAnsColumn2Name} options={column2} label={String} />
        </div>
      )}
      {listOptions && columns === 1 && column1.length > 0 && <OptionList name={question.questionAnsColumn1Name} options={column1} label={String} />}
      {question.questionText2 && <p className="ht-question__text">{question.questionText2}</p>}
    </div>
  );
}

function OptionList({ name, options, label }: { name: string; options: { number: number; text: string }[]; label: (n: number) => string }) {
  if (options.length === 0) return null;
  return (
    <div className="ht-options">
      {name && <p className="ht-options__name">{name}</p>}
      <ol className="ht-options__list" aria-label={name || t.options}>
        {options.map((option) => (
          <li key={option.number} className="ht-options__item">
            <span className="qr-number">{label(option.number)}</span>
            <span>{option.text}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
