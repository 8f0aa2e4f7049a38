import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { DocumentKind } from '@shared/contract/documents';
import { ruDocuments as t } from '../../i18n/documents';
import { ru } from '../../i18n/ru';
import { readSession } from '../../lib/session';
import { ServerState } from '../../lib/server-state';
import { EmptyState, ErrorBox, Loader, Markdown } from '../../ui';
import { documentsQueries } from './api';
import './documents.css';

/**
 * The school's offer or privacy policy as a public page (/study/oferta, /study/privacy): the
 * top-up popup links here, and so do the old /kurs/oferta and /kurs/privacy addresses.
 */
export function DocumentPage({ kind }: { kind: DocumentKind }) {
  const query = useQuery(documentsQueries.document(kind));
  const title = query.data?.document.title;
  useEffect(() => {
    if (title) document.title = `${title} — ${ru.brand.name}`;
  }, [title]);
  const signedIn = readSession() !== null;
  return (
    <main className="doc-page">
      <article className="doc-page__card" aria-busy={query.isPending} aria-labelledby="doc-title">
        {query.isPending && <Loader label={t.loading} />}
        {query.isError && <ErrorBox message={t.error(query.error.message)} onRetry={() => void query.refetch()} />}
        {query.data && (
          <>
            <header className="doc-page__head">
              <h1 id="doc-title">{query.data.document.title}</h1>
              {query.data.document.effectiveFrom && <p className="muted">{t.effectiveFrom(query.data.document.effectiveFrom)}</p>}
            </header>
            {query.data.document.text ? <Markdown className="ui-markdown" text={query.data.document.text} /> : <EmptyState text={t.empty} />}
          </>
        )}
        <nav className="doc-page__links">
          <Link to={signedIn ? '/' : '/login'}>{signedIn ? t.home : t.login}</Link>
        </nav>
      </article>
    </main>
  );
}

export function OfertaPage() {
  return (
    <ServerState>
      <DocumentPage kind="oferta" />
    </ServerState>
  );
}

export function PrivacyPage() {
  return (
    <ServerState>
      <DocumentPage kind="privacy" />
    </ServerState>
  );
}
