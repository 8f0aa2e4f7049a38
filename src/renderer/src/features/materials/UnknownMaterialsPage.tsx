import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ruMaterials } from '../../i18n/materials';
import { ru } from '../../i18n/ru';
import { rememberLink } from '../../lib/nav-memory';
import { buttonClassName, ErrorBox } from '../../ui';
import './materials.css';

const t = ruMaterials.unknown;

/**
 * A Materials address that is neither search (an old bookmark, a stale remembered tab): the
 * spec's 'Неизвестный селект …' with the two searches to choose from; the header's «Материалы»
 * goes back to the default search from now on.
 */
export function UnknownMaterialsPage() {
  const value = useParams()['*'] ?? '';
  useEffect(() => rememberLink('materials', 'search_video'), []);
  return (
    <section className="screen" aria-labelledby="materials-unknown-title">
      <h1 id="materials-unknown-title">{ru.sections.materials.heading}</h1>
      <ErrorBox message={t.message(value)} />
      <p className="muted">{t.choose}</p>
      <div className="materials-unknown__links">
        <Link className={buttonClassName('secondary')} to="/materials/search_video">
          {ru.sections.materials.searchVideo}
        </Link>
        <Link className={buttonClassName('secondary')} to="/materials/search_termin">
          {ru.sections.materials.searchTermin}
        </Link>
      </div>
    </section>
  );
}
