import { useQuery } from '@tanstack/react-query';
import { MAP_TYPES, type MapType } from '@shared/contract/knowledge';
import { PACE_STATES } from '@shared/domain/pace';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ruKnowledge } from '../../i18n/knowledge';
import { ru } from '../../i18n/ru';
import { liveErrorText } from '../../lib/live-request';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { Button, cx, Loader, PaceBadge, paceMarkClass, Popup, ProgressBar, QueryState } from '../../ui';
import { knowledgeQueries } from './api';
import { KnowledgeTestView } from './KnowledgeTestView';
import { byChapter } from './logic';
import { TheoryPopup } from './TheoryPopup';
import './knowledge.css';

const t = ruKnowledge;

export function storedMapType(): MapType {
  return readStorage(STORAGE_KEYS.knowledgeMapType) === '90+' ? '90+' : '90-';
}

/** learning-area 'Knowledge map' (route knowledge_grid); `?test=<id>` shows that cell's test. */
export function KnowledgeMapPage() {
  const [params, setParams] = useSearchParams();
  const testId = Number(params.get('test'));
  if (Number.isInteger(testId) && testId > 0) return <KnowledgeTestView chunkId={testId} onBack={() => setParams({})} />;
  return <KnowledgeMap onTest={(chunkId) => setParams({ test: String(chunkId) })} />;
}

function KnowledgeMap({ onTest }: { onTest: (chunkId: number) => void }) {
  const [mapType, setMapType] = useState<MapType>(storedMapType);
  const [openCell, setOpenCell] = useState<number | null>(null);
  const [theoryOf, setTheoryOf] = useState<number | null>(null);
  const grid = useQuery(knowledgeQueries.grid(mapType));
  const choose = (type: MapType) => {
    setMapType(type);
    writeStorage(STORAGE_KEYS.knowledgeMapType, type);
  };
  return (
    <section className="screen kb-map" aria-labelledby="kb-map-title">
      <div className="kb-map__head">
        <h1 id="kb-map-title">{t.map.title}</h1>
        <div className="kb-tabs" role="tablist" aria-label={t.map.tabsLabel}>
          {MAP_TYPES.map((type) => (
            <button key={type} type="button" role="tab" aria-selected={type === mapType} onClick={() => choose(type)} data-testid={`kb-tab-${type}`}>
              {t.map.tabs[type]}
            </button>
          ))}
        </div>
      </div>
      <MapLegend />
      <div role="tabpanel">
        <QueryState query={grid} errorText={(error) => t.map.error(liveErrorText(error))} loading={<Loader label={t.map.loading} />} empty={(loaded) => loaded.knowledgeGrid.length === 0 && t.map.empty}>
          {(loaded) => (
            <div className="kb-chapters">
              {byChapter(loaded.knowledgeGrid).map((group) => (
                <section key={group.chapter} className="kb-chapter" aria-label={group.chapter}>
                  <h2>{group.chapter}</h2>
                  <div className="kb-grid">
                    {group.cells.map((cell) => (
                      <button
                        key={cell.id}
                        type="button"
                        className={cx('kb-cell', paceMarkClass(cell.pace))}
                        title={t.map.cell(cell.id, cell.knowLevel, ru.pace.states[cell.pace])}
                        aria-label={t.map.cell(cell.id, cell.knowLevel, ru.pace.states[cell.pace])}
                        data-testid={`kb-cell-${cell.id}`}
                        data-level={cell.knowLevel}
                        data-pace={cell.pace}
                        onClick={() => setOpenCell(cell.id)}
                      />
                    ))}
                  </div>
                </section>
              ))}
            </div>
          )}
        </QueryState>
      </div>
      <ItemPopup
        chunkId={openCell}
        onClose={() => setOpenCell(null)}
        onTheory={(id) => setTheoryOf(id)}
        onTest={(id) => {
          setOpenCell(null);
          onTest(id);
        }}
      />
      <TheoryPopup chunkId={theoryOf} onClose={() => setTheoryOf(null)} />
    </section>
  );
}

/**
 * What the colours mean, each state with its mark (colour, pattern and glyph, as on the cells)
 * and words, so nobody has to guess that grey hatching is «not yet» and red is «behind».
 */
function MapLegend() {
  return (
    <section className="kb-legend" aria-labelledby="kb-legend-title" data-testid="kb-legend">
      <h2 id="kb-legend-title" className="kb-legend__title">
        {t.map.legend}
      </h2>
      <ul className="kb-legend__list">
        {PACE_STATES.map((pace) => (
          <li key={pace} data-pace={pace}>
            <span className={paceMarkClass(pace)} aria-hidden="true" />
            <span>
              <strong>{ru.pace.states[pace]}</strong> — {t.map.paces[pace]}
            </span>
          </li>
        ))}
      </ul>
      <p className="kb-legend__note">{t.map.legendNote}</p>
    </section>
  );
}

function ItemPopup({ chunkId, onClose, onTheory, onTest }: { chunkId: number | null; onClose: () => void; onTheory: (id: number) => void; onTest: (id: number) => void }) {
  const item = useQuery(knowledgeQueries.chunk(chunkId));
  const data = item.data;
  return (
    <Popup
      open={chunkId !== null}
      onClose={onClose}
      title={data?.name ?? t.map.title}
      className="kb-item"
      actions={
        chunkId !== null && data ? (
          <>
            <Button variant="secondary" onClick={() => onTheory(chunkId)} data-testid="kb-open-theory">
              {t.item.theory}
            </Button>
            <Button onClick={() => onTest(chunkId)} disabled={data.qCount === 0} title={data.qCount === 0 ? t.item.noTest : undefined} data-testid="kb-open-test">
              {t.item.test}
            </Button>
          </>
        ) : undefined
      }
    >
      <QueryState query={item} errorText={(error) => t.map.error(liveErrorText(error))} empty={(chunk) => !chunk && t.item.empty} emptyCompact>
        {(chunk) => (
          <>
            <dl>
              <dt>{t.item.id(chunkId!)}</dt>
              <dd>{chunk.chapter}</dd>
              <dt>{t.card.lesson}</dt>
              <dd>{t.item.lesson(chunk.lessonNum, chunk.lessonName)}</dd>
            </dl>
            <ProgressBar value={chunk.knowLevel} pace={chunk.pace} label={t.item.progress} />
            <p className="kb-item__pace" data-testid="kb-item-pace">
              <PaceBadge pace={chunk.pace} />
              {chunk.expectedOn && <span className="muted">{t.item.expectedOn(chunk.expectedOn)}</span>}
            </p>
            {chunk.qCount === 0 && <p className="muted">{t.item.noTest}</p>}
          </>
        )}
      </QueryState>
    </Popup>
  );
}
