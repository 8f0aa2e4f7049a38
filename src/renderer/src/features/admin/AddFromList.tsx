import { useState } from 'react';
import { ruAdmin } from '../../i18n/admin';
import { Button, Select } from '../../ui';

/**
 * A list to pick from and «Добавить» (back-office §5): adding with nothing picked says so
 * ('Элемент не выбран' for a role or group, 'Пользователь не выбран' for a user) instead of
 * doing nothing.
 */
export function AddFromList({ label, options, nothingChosen, onAdd }: { label: string; options: { value: string; label: string }[]; nothingChosen: string; onAdd: (value: string) => void }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState(false);
  const add = () => {
    if (chosen === null || !options.some((option) => option.value === chosen)) {
      setError(true);
      return;
    }
    onAdd(chosen);
    setChosen(null);
    setError(false);
  };
  return (
    <div className="admin-add">
      <Select
        label={label}
        options={options}
        value={chosen}
        placeholder={label}
        onChange={(value) => {
          setChosen(value);
          setError(false);
        }}
      />
      <Button variant="secondary" onClick={add}>
        {ruAdmin.add}
      </Button>
      {error && (
        <p className="admin-invalid admin-add__error" role="alert">
          {nothingChosen}
        </p>
      )}
    </div>
  );
}
