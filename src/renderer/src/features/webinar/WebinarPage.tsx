import { useQuery } from '@tanstack/react-query';
import { getWebinarLink } from '@shared/contract/shell';
import { ru } from '../../i18n/ru';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { EmptyState, ErrorBox, Loader } from '../../ui';
import './webinar.css';

const t = ru.shell.webinar;

/** Shell §2.3: a full-width frame with the webinar link from the server. */
export function WebinarPage() {
  const link = useQuery({
    queryKey: ['webinarLink'],
    queryFn: ({ signal }) => api.call(getWebinarLink, {}, { handleErrors: true, signal }),
  });
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
