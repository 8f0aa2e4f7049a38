import type { DidntLearn, StandardListItem } from '@shared/contract/standards';
import { groupByProcess, showsCreateButton, stampToRu } from '@shared/domain/standards';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ruStandards } from '../../i18n/standards';
import { Accordion, Button, Card, cx, Loader, QueryState } from '../../ui';
import { CommentList } from './CommentList';
import { ProcessAccessPopup } from './ProcessAccessPopup';
import { messengerHref, useDidntLearn, useLearnedComments, useStandards } from './queries';
import { StandardEditPopup } from './StandardEditPopup';
import { StandardPopup } from './StandardPopup';
import './standards.css';

const t = ruStandards;

/** Back-office §2.3: the school's standards, what I must learn, who has not learned, the latest comments. */
export function StandardsPage() {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id') ?? '');
  const opened = Number.isInteger(openId) && openId > 0 ? openId : null;
  const [creating, setCreating] = useState(false);
  const [accessOf, setAccessOf] = useState<string | null>(null);
  const all = useStandards('all');
  const toLearn = useStandards('didnt_learn');
  const list = all.data?.standards ?? [];
  const isEditor = list.some((item) => item.canEdit === '1');

  const open = (id: number | null) => setParams(id ? { id: String(id) } : {}, { replace: false });

  return (
    <section className="screen standards" aria-labelledby="standards-title">
      <div className="standards__head">
        <h1 id="standards-title">{t.title}</h1>
        {all.isSuccess && showsCreateButton(list) && <Button onClick={() => setCreating(true)}>{t.create}</Button>}
      </div>

      <Card title={t.toLearn} className="standards__card">
        <QueryState query={toLearn} errorText={(error) => t.standardsError(error.message)} empty={(data) => data.standards.length === 0 && t.toLearnEmpty} emptyCompact>
          {(data) => (
            <ul className="standards__list" aria-label={t.toLearn}>
              {data.standards.map((item) => (
                <StandardRow key={item.id} item={item} onOpen={() => open(item.id)} showProcess />
              ))}
            </ul>
          )}
        </QueryState>
      </Card>

      <Card title={t.available} className="standards__card">
        <QueryState query={all} errorText={(error) => t.standardsError(error.message)} empty={() => list.length === 0 && t.listEmpty} emptyCompact>
          {() => (
            <div className="standards__tree">
              {groupByProcess(list).map((group) => (
                <section key={group.process} className="standards__process" aria-label={group.process}>
                  <div className="standards__process-head">
                    <h3 className="standards__process-name">{group.process}</h3>
                    {group.standards[0]!.canEdit !== '0' && (
                      <Button variant="ghost" size="sm" onClick={() => setAccessOf(group.process)} aria-label={t.processAccessOf(group.process)}>
                        {t.processAccess}
                      </Button>
                    )}
                  </div>
                  <ul className="standards__list">
                    {group.standards.map((item) => (
                      <StandardRow key={item.id} item={item} onOpen={() => open(item.id)} />
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </QueryState>
      </Card>

      {isEditor && <NotLearnedCard onOpen={open} />}

      <LatestComments onOpen={open} />

      {opened !== null && <StandardPopup key={opened} standardId={opened} onClose={() => open(null)} />}
      {creating && <StandardEditPopup standard={null} onClose={() => setCreating(false)} onSaved={(id) => open(id)} />}
      {accessOf !== null && <ProcessAccessPopup process={accessOf} onClose={() => setAccessOf(null)} />}
    </section>
  );
}

function statusOf(item: StandardListItem): { text: string; tone: 'ok' | 'new' | 'changed' } {
  if (item.isLearned === '1') return { text: t.statusLearned, tone: 'ok' };
  return item.learnedAt === '' ? { text: t.statusNew, tone: 'new' } : { text: t.statusChanged, tone: 'changed' };
}

function StandardRow({ item, onOpen, showProcess }: { item: StandardListItem; onOpen: () => void; showProcess?: boolean }) {
  const status = statusOf(item);
  return (
    <li>
      <button type="button" className="standards__row" onClick={onOpen}>
        <span className="standards__row-main">
          <span className="standards__row-name">{item.name}</span>
          <span className="standards__row-meta muted small">
            {showProcess && <span>{item.process} · </span>}
            {t.changed} {stampToRu(item.updatedAt)}
          </span>
        </span>
        <span className={cx('standards__badge', `standards__badge--${status.tone}`)}>{status.text}</span>
      </button>
    </li>
  );
}

/** Who has not learned the standards the caller manages, grouped by standard, each with a messenger link. */
function NotLearnedCard({ onOpen }: { onOpen: (id: number) => void }) {
  const query = useDidntLearn(true);
  const groups = new Map<number, DidntLearn[]>();
  for (const record of query.data?.users ?? []) groups.set(record.standardId, [...(groups.get(record.standardId) ?? []), record]);
  return (
    <Card title={t.notLearned} className="standards__card">
      <QueryState query={query} errorText={(error) => t.usersError(error.message)} empty={() => groups.size === 0 && t.notLearnedEmpty} emptyCompact>
        {() => (
          <ul className="standards__missing" aria-label={t.notLearned}>
            {[...groups.values()].map((records) => {
              const first = records[0]!;
              return (
                <li key={first.standardId} className="standards__missing-item">
                  <button type="button" className="standards__link-button" onClick={() => onOpen(first.standardId)}>
                    {first.standardName}
                  </button>
                  <span className="muted small">
                    {' '}
                    {first.standardProcess} · {t.changed} {stampToRu(first.standardUpdatedAt)}
                  </span>
                  <ul className="standards__people">
                    {records.map((record) => {
                      const link = messengerHref(record);
                      return (
                        <li key={record.userId} className="standards__person">
                          <span>{record.userName}</span>
                          {link ? (
                            <a href={link.href} target="_blank" rel="noreferrer noopener" aria-label={t.userLink(record.userName)}>
                              {link.text}
                            </a>
                          ) : (
                            <span className="muted small">{t.noMessenger}</span>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </Card>
  );
}

/** 'Последние 50': loads on first open. */
function LatestComments({ onOpen }: { onOpen: (id: number) => void }) {
  const [open, setOpen] = useState(false);
  const query = useLearnedComments(null, open);
  return (
    <Accordion title={t.latest} open={open} onOpenChange={setOpen} className="standards__latest" headingLevel={2}>
      <QueryState query={query} errorText={(error) => t.commentsError(error.message)} loading={open ? <Loader /> : null} empty={(data) => data.comments.length === 0 && t.commentsEmpty} emptyCompact>
        {(data) => (
          <CommentList comments={data.comments} onOpenStandard={onOpen} />
        )}
      </QueryState>
    </Accordion>
  );
}
