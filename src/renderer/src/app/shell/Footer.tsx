import { ru } from '../../i18n/ru';

/** Copyright line with the current year; hidden at 460 px and narrower (shell.css). */
export function Footer() {
  return (
    <footer className="shell__footer">
      <div className="container">{ru.brand.copyright(new Date().getFullYear())}</div>
    </footer>
  );
}
