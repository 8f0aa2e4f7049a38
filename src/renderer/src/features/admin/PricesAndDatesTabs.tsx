import { getIntensivStartDate, getTarifs, updateIntensivStartDate, updateTarif } from '@shared/contract/admin';
import { useState } from 'react';
import { ruAdmin } from '../../i18n/admin';
import { Button, EmptyState, TextField } from '../../ui';
import { wholeRoubles } from './form-rules';
import { Loaded, SaveError, useSave, useSetting } from './use-settings';

/** The Интенсив tab: the intensive's start date. */
export function IntensivTab() {
  const date = useSetting(getIntensivStartDate);
  return (
    <section className="admin-card">
      <Loaded query={date}>{(data) => <IntensivForm initial={data.intensivStartDate} comment={data.comment} />}</Loaded>
    </section>
  );
}

function IntensivForm({ initial, comment }: { initial: string; comment: string }) {
  const [date, setDate] = useState(initial);
  const save = useSave(updateIntensivStartDate, getIntensivStartDate);
  return (
    <form
      className="admin-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ intensivStartDate: date });
      }}
    >
      <p className="muted small">{comment}</p>
      <TextField label={ruAdmin.intensiv.date} type="date" value={date} onChange={setDate} required />
      <div className="admin-actions">
        <Button type="submit" loading={save.isPending} disabled={date === ''}>
          {ruAdmin.save}
        </Button>
      </div>
      <SaveError error={save.error} />
    </form>
  );
}

const t = ruAdmin.tariffs;

/** The Тарифы tab: a price per tariff, and per section for the extra lessons. */
export function TariffsTab() {
  const tariffs = useSetting(getTarifs);
  return (
    <Loaded query={tariffs}>
      {(data) =>
        data.tarifs.length === 0 ? (
          <EmptyState text={t.empty} />
        ) : (
          <div className="admin-settings__grid">
            {data.tarifs.map((tariff) => (
              <section key={tariff.tarif} className="admin-card" aria-label={tariff.name}>
                <h2>{tariff.name}</h2>
                <p className="muted small">{tariff.comment}</p>
                {tariff.cost !== null ? (
                  <PriceField label={t.cost} initial={tariff.cost} onSave={(cost, save) => save.mutate({ tarif: tariff.tarif as '1', cost })} />
                ) : (
                  data.tarifsRazdels.map((razdel) => (
                    <PriceField
                      key={razdel.razdel}
                      label={t.razdel(razdel.name)}
                      initial={tariff.costs?.[razdel.razdel] ?? 0}
                      onSave={(cost, save) => save.mutate({ tarif: 'extra', cost, razdel: Number(razdel.razdel) })}
                    />
                  ))
                )}
              </section>
            ))}
          </div>
        )
      }
    </Loaded>
  );
}

function PriceField({ label, initial, onSave }: { label: string; initial: number; onSave: (cost: number, save: ReturnType<typeof useSave<typeof updateTarif>>) => void }) {
  const [value, setValue] = useState(String(initial));
  const save = useSave(updateTarif, getTarifs);
  const cost = wholeRoubles(value);
  return (
    <form
      className="admin-price"
      onSubmit={(event) => {
        event.preventDefault();
        if (cost !== null) onSave(cost, save);
      }}
    >
      <TextField label={label} value={value} onChange={setValue} inputMode="numeric" maxLength={7} error={cost === null ? t.costInvalid : undefined} />
      <Button type="submit" size="sm" loading={save.isPending} disabled={cost === null || cost === initial}>
        {ruAdmin.save}
      </Button>
      <SaveError error={save.error} />
    </form>
  );
}
