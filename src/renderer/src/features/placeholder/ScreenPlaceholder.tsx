import { useRouteHandle } from '../../app/shell/use-route-handle';
import { ru } from '../../i18n/ru';
import { Card } from '../../ui';

/** A screen a later version builds: its title and an honest note, no pretend content. */
export function ScreenPlaceholder() {
  const { title } = useRouteHandle();
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{title}</h1>
      <Card>
        <p className="muted">{ru.placeholder.text}</p>
      </Card>
    </section>
  );
}
