import { addDocumentVersion, getDocumentsAdmin, updateCoursePageUrl } from '@shared/contract/admin';
import type { OutputOf } from '@shared/contract/core';
import { moscowDateKey } from '@shared/domain/moscow-time';
import { useState } from 'react';
import { ruAdmin } from '../../i18n/admin';
import { apiBaseUrl } from '../../lib/api';
import { Accordion, Button, Markdown, TextArea, TextField, cx } from '../../ui';
import { Loaded, SaveError, useSave, useSetting } from './use-settings';

const t = ruAdmin.documents;

type Documents = OutputOf<typeof getDocumentsAdmin>;
type SchoolDocument = Documents['documents'][number];

/**
 * The «Документы» tab: the offer and the privacy policy in markdown, each save a
 * new version from its date (the public pages show the one in effect), and the course page address.
 */
export function DocumentsTab() {
  const query = useSetting(getDocumentsAdmin);
  return (
    <Loaded query={query}>
      {(data) => (
        <div className="admin-docs">
          <section className="admin-card" aria-labelledby="docs-course">
            <h2 id="docs-course">{t.courseTitle}</h2>
            <CourseForm initial={data.coursePageUrl} initialOldPlatform={data.oldPlatformUrl} />
          </section>
          {data.documents.map((document) => (
            // Remounted after each save, so the editor starts from the newest version again.
            <DocumentCard key={`${document.kind}-${document.versions[0]?.id ?? 0}`} document={document} />
          ))}
        </div>
      )}
    </Loaded>
  );
}

function CourseForm({ initial, initialOldPlatform }: { initial: string; initialOldPlatform: string }) {
  const [url, setUrl] = useState(initial);
  const [oldPlatform, setOldPlatform] = useState(initialOldPlatform);
  const save = useSave(updateCoursePageUrl, getDocumentsAdmin);
  return (
    <form
      className="admin-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ coursePageUrl: url.trim(), oldPlatformUrl: oldPlatform.trim() });
      }}
    >
      <TextField label={t.courseUrl} value={url} onChange={setUrl} type="url" inputMode="url" maxLength={500} placeholder="https://" hint={t.courseHint} />
      <TextField label={t.oldPlatformUrl} value={oldPlatform} onChange={setOldPlatform} type="url" inputMode="url" maxLength={500} placeholder="https://" hint={t.oldPlatformHint} />
      <div className="admin-actions">
        <Button type="submit" loading={save.isPending}>
          {ruAdmin.save}
        </Button>
      </div>
      <SaveError error={save.error} />
    </form>
  );
}

function DocumentCard({ document }: { document: SchoolDocument }) {
  const newest = document.versions[0];
  const current = document.versions.find((version) => version.current === '1');
  const [text, setText] = useState(newest?.text ?? '');
  const [from, setFrom] = useState('');
  const [preview, setPreview] = useState(false);
  const save = useSave(addDocumentVersion, getDocumentsAdmin);
  const unchanged = text.trim() === (newest?.text ?? '').trim();
  const titleId = `docs-${document.kind}`;
  return (
    <section className="admin-card admin-doc" aria-labelledby={titleId}>
      <div className="admin-doc__head">
        <h2 id={titleId}>{document.title}</h2>
        <a href={`${apiBaseUrl()}/study/${document.kind}`} target="_blank" rel="noreferrer">
          {t.openPage}
        </a>
      </div>
      <p className="muted small">{current ? t.inEffect(current.effectiveFrom, current.authorName) : t.noneInEffect}</p>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ kind: document.kind, text, effectiveFrom: from });
        }}
      >
        <div className="admin-doc__modes" role="group" aria-label={t.modes}>
          <Button type="button" size="sm" variant={preview ? 'secondary' : 'primary'} aria-pressed={!preview} onClick={() => setPreview(false)}>
            {t.edit}
          </Button>
          <Button type="button" size="sm" variant={preview ? 'primary' : 'secondary'} aria-pressed={preview} onClick={() => setPreview(true)}>
            {t.preview}
          </Button>
        </div>
        {preview ? (
          <div className="admin-doc__preview">{text.trim() ? <Markdown className="ui-markdown" text={text} /> : <p className="muted">{t.emptyText}</p>}</div>
        ) : (
          <TextArea label={t.text} value={text} onChange={setText} rows={14} maxLength={200_000} hint={t.textHint} />
        )}
        <TextField label={t.from} type="date" value={from} onChange={setFrom} min={moscowDateKey(Date.now())} hint={t.fromHint} />
        <div className="admin-actions">
          <Button type="submit" loading={save.isPending} disabled={unchanged || !text.trim()}>
            {t.saveVersion}
          </Button>
        </div>
        {unchanged && <p className="muted small">{t.unchanged}</p>}
        <SaveError error={save.error} />
      </form>
      <Accordion title={t.versions} summary={String(document.versions.length)}>
        {document.versions.length === 0 ? (
          <p className="muted">{t.noVersions}</p>
        ) : (
          <ul className="admin-doc__versions">
            {document.versions.map((version) => (
              <li key={version.id}>
                <span>{t.versionLine(version.effectiveFrom, version.authorName, version.createdAt)}</span>
                {version.current === '1' && <span className={cx('admin-doc__badge', 'admin-doc__badge--ok')}>{t.current}</span>}
                {version.scheduled === '1' && <span className="admin-doc__badge">{t.scheduled}</span>}
              </li>
            ))}
          </ul>
        )}
      </Accordion>
    </section>
  );
}
