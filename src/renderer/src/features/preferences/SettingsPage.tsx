import { ru } from '../../i18n/ru';
import { ruPreferences } from '../../i18n/preferences';
import { Card, COLOR_SCHEMES, useTheme } from '../../ui';
import { ChoiceGroup } from './ChoiceGroup';
import { IconSettings } from './IconSettings';
import { QUESTION_VIEWS, useQuestionView } from '../../lib/question-view';
import './preferences.css';

const t = ruPreferences;

/** Settings (shell §2.11, learning doc 'Icon display settings'): question view, colour scheme, icons. */
export function SettingsPage() {
  const [view, setView] = useQuestionView();
  const { scheme, setScheme } = useTheme();
  return (
    <section className="screen prefs" aria-labelledby="settings-title">
      <h1 id="settings-title">{t.title}</h1>
      <div className="prefs__pair">
        <Card title={t.questionView.title}>
          <p className="muted small prefs__hint">{t.questionView.hint}</p>
          <ChoiceGroup
            legend={t.questionView.title}
            value={view}
            onChange={setView}
            choices={QUESTION_VIEWS.map((value) => ({ value, label: t.questionView[value] }))}
          />
        </Card>
        <Card title={t.scheme.title}>
          <p className="muted small prefs__hint">{t.scheme.hint}</p>
          <ChoiceGroup
            legend={t.scheme.title}
            value={scheme}
            onChange={setScheme}
            choices={COLOR_SCHEMES.map((value) => ({ value, label: ru.theme.schemes[value] }))}
          />
        </Card>
      </div>
      <Card title={t.icons.title}>
        <p className="muted small prefs__hint">{t.icons.hint}</p>
        <IconSettings />
      </Card>
    </section>
  );
}
