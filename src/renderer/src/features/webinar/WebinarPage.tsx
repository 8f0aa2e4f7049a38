import { useQuery } from '@tanstack/react-query';
import { ru } from '../../i18n/ru';
import { ApiError } from '../../lib/api-client';
import { EmptyState, ErrorBox, Loader } from '../../ui';
import { webinarQueries } from './api';
import './webinar.css';

const t = ru.shell.webinar;

/** Shell §2.3: a full-width frame with the webinar link from the server. */
export function WebinarPage() {
  const link = useQuery(webinarQueries.link());
  if (link.isPending) return <Loader />;
  if (link.isError) {
    const error = link.error;
    // '0' is the server telling us there is no webinar now: an empty state, not a failure.
    if (error instanceof ApiError && error.kind === 'failure') return <EmptyState text={error.message} />;
    return <ErrorBox message={t.error(error.message)} onRetry={() => void link.refetch()} />;
  }
  return (
    <section className="webinar">
      <h1 className="visually-hidden">{t.title}</h1>
      <iframe className="webinar__frame" src={link.data.link} title={t.frameTitle} allow="camera; microphone; fullscreen; display-capture" />
    </section>
  );
}
