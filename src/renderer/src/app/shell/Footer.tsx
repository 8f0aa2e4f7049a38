import { ruApp } from '../../i18n/ru-app';

/** Copyright line with the current year; hidden at 460 px and narrower (shell.css). */
export function Footer() {
  return (
    <footer className="shell__footer">
      <div className="container">{ruApp.brand.copyright(new Date().getFullYear())}</div>
    </footer>
  );
}
