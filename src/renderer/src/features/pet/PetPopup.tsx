import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { changeAvatarName, createAvatar, feedAvatar } from '@shared/contract/pet';
import { cookiesText, daysText, moodPercent, PET_FEED, PET_LIMITS, PET_NAME_MAX, statPercent } from '@shared/domain/pet';
import { ruPet as t } from '../../i18n/pet';
import { liveErrorText } from '../../lib/live-request';
import { serverAssetUrl } from '../../lib/server-asset-url';
import { Button, ErrorBox, Loader, Popup, ProgressBar, TextField } from '../../ui';
import { petQueries } from './api';
import { petRequest, type PetState } from './use-pet';

/** Shell §9: the feeding animation lasts 1 s. */
export const FEED_ANIMATION_MS = 1000;

const imageUrl = (image: { imagePath: string; imageName: string }) => serverAssetUrl(`/avatars_images${image.imagePath}${image.imageName}`);

function general(state: PetState, name: string): string | null {
  const image = state.generalImages.find((candidate) => candidate.imageName === `${name}.svg`);
  return image ? imageUrl(image) : null;
}

/** Runs a pet action and keeps its §8.1 error ('Ошибка: {message}') for the line under its button. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError('');
    try {
      return await action();
    } catch (failure) {
      setError(t.actionError(liveErrorText(failure)));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run, fail: setError, clear: () => setError('') };
}

function ActionError({ text }: { text: string }) {
  return text ? (
    <p className="pet-popup__action-error" role="alert">
      {text}
    </p>
  ) : null;
}

export interface PetPopupProps {
  open: boolean;
  onClose(): void;
  pet: PetState & { refresh: () => void };
}

/** The pet's popup in its three states (shell §4.1): no pet, alive, dead ('Умер'). */
export function PetPopup({ open, onClose, pet }: PetPopupProps) {
  const avatar = pet.snapshot?.avatar ?? null;
  const dead = avatar?.dead === '1';
  const title = pet.status !== 'loaded' ? t.title : !avatar ? t.title : dead ? t.dead : avatar.name;
  return (
    <Popup open={open} onClose={onClose} title={title} size="sm" className="pet-popup">
      <div data-testid="pet-popup" data-state={pet.status !== 'loaded' ? pet.status : !avatar ? 'none' : dead ? 'dead' : 'alive'}>
        {pet.problem && pet.status === 'loaded' && (
          <p className="pet-popup__banner" role="alert">
            {pet.problem}
          </p>
        )}
        {pet.status === 'loading' && <Loader label={t.loading} />}
        {pet.status === 'error' && <ErrorBox message={t.loadError} onRetry={pet.refresh} retryLabel={t.retry} />}
        {pet.status === 'loaded' && !avatar && <NoPet pet={pet} />}
        {pet.status === 'loaded' && avatar && dead && <DeadPet pet={pet} />}
        {pet.status === 'loaded' && avatar && !dead && <AlivePet key={avatar.id} pet={pet} />}
      </div>
    </Popup>
  );
}

function NoPet({ pet }: { pet: PetState }) {
  const action = useAction();
  const egg = pet.generalImages.length > 0 ? serverAssetUrl('/avatars_images/cub/unborn.svg') : null;
  return (
    <div className="pet-popup__state">
      {egg && <img className="pet-popup__portrait" src={egg} alt="" />}
      <p className="pet-popup__text">{t.noPetText}</p>
      <Button loading={action.busy} onClick={() => void action.run(() => petRequest(createAvatar, {}))}>
        {t.create}
      </Button>
      <ActionError text={action.error} />
    </div>
  );
}

function DeadPet({ pet }: { pet: PetState }) {
  const action = useAction();
  const avatar = pet.snapshot!.avatar!;
  return (
    <div className="pet-popup__state">
      {pet.snapshot?.currentImage && <img className="pet-popup__portrait pet-popup__portrait--dead" src={imageUrl(pet.snapshot.currentImage)} alt={t.dead} />}
      <p className="pet-popup__text">{t.deadText(avatar.name, daysText(Math.max(avatar.age, 0)))}</p>
      {pet.info && <p className="pet-popup__info">{pet.info}</p>}
      <Button loading={action.busy} onClick={() => void action.run(() => petRequest(createAvatar, {}))}>
        {t.createNew}
      </Button>
      <ActionError text={action.error} />
    </div>
  );
}

function AlivePet({ pet }: { pet: PetState & { refresh: () => void } }) {
  const avatar = pet.snapshot!.avatar!;
  const image = pet.snapshot!.currentImage;
  const feeding = useAction();
  const [eating, setEating] = useState(false);
  const eatTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(eatTimer.current), []);
  const [now, setNow] = useState(() => Date.now());
  const unborn = avatar.age <= 0;
  useEffect(() => {
    if (!unborn) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [unborn]);
  // Hatching time passed: ask the server for the raccoon instead of waiting for the next tick.
  const { refresh } = pet;
  const hatched = unborn && now >= avatar.bornAt;
  useEffect(() => {
    if (hatched) refresh();
  }, [hatched, refresh]);

  const feed = async () => {
    const done = await feeding.run(() => petRequest(feedAvatar, { avatarId: avatar.id }));
    if (!done) return;
    clearTimeout(eatTimer.current);
    setEating(true);
    eatTimer.current = setTimeout(() => setEating(false), FEED_ANIMATION_MS);
  };

  const background = general(pet, 'background');
  const cloud = general(pet, 'cloud');
  const cookie = general(pet, 'cookie');
  const size = `${Math.round((image?.imageSizeCoef ?? 1) * 100)}%`;
  return (
    <div className="pet-popup__state pet-popup__state--alive">
      <Rename avatarId={avatar.id} name={avatar.name} />
      <div className="pet-scene" style={background ? { backgroundImage: `url("${background}")` } : undefined}>
        {cloud && <img className="pet-scene__cloud" src={cloud} alt="" />}
        {image && <img className={eating ? 'pet-scene__pet pet-scene__pet--eating' : 'pet-scene__pet'} style={{ height: size }} src={imageUrl(image)} alt={avatar.name} data-picture={image.imageName} />}
        {eating && cookie && <img className="pet-scene__cookie" src={cookie} alt="" data-testid="pet-feeding" />}
      </div>
      <p className="pet-popup__age">{unborn ? t.unbornText(Math.max(1, Math.ceil((avatar.bornAt - now) / 60_000))) : t.age(daysText(avatar.age))}</p>
      <div className="pet-popup__stats">
        <ProgressBar label={t.health} value={statPercent(avatar.health, PET_LIMITS.health)} />
        <ProgressBar label={t.mood} value={moodPercent(avatar.mood)} signed />
        <ProgressBar label={t.satiety} value={statPercent(avatar.satiety, PET_LIMITS.satiety)} />
        <ProgressBar label={t.train} value={statPercent(avatar.train, PET_LIMITS.train)} />
      </div>
      <div className="pet-popup__feed">
        <p className="pet-popup__cookies" data-testid="pet-cookies">
          {cookie && <img src={cookie} alt="" />}
          <span>
            {t.cookies}: <strong>{pet.cookies ?? '…'}</strong>
          </span>
        </p>
        <Button loading={feeding.busy} disabled={eating} onClick={() => void feed()} title={t.feedHint} aria-describedby="pet-feed-hint">
          {t.feed}
        </Button>
        <span id="pet-feed-hint" className="pet-popup__hint">
          {cookiesText(PET_FEED.cost)}
        </span>
      </div>
      <ActionError text={feeding.error} />
      {pet.info && (
        <p className="pet-popup__info" role="status">
          {pet.info}
        </p>
      )}
      <Help />
    </div>
  );
}

function Rename({ avatarId, name }: { avatarId: number; name: string }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const action = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Shell §5: an empty name is refused in its own words before anything is sent.
    if (value.trim() === '') {
      action.fail(t.actionError(t.emptyName));
      return;
    }
    const done = await action.run(() => petRequest(changeAvatarName, { avatarId, newName: value }));
    if (done) setEditing(false);
  };
  if (!editing) {
    return (
      <div className="pet-popup__name-row">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setValue(name);
            action.clear();
            setEditing(true);
          }}
        >
          {t.rename}
        </Button>
      </div>
    );
  }
  return (
    <form className="pet-popup__rename" onSubmit={(event) => void submit(event)}>
      <TextField label={t.nameLabel} placeholder={t.namePlaceholder} value={value} onChange={setValue} maxLength={PET_NAME_MAX} autoFocus />
      <div className="pet-popup__rename-actions">
        <Button type="submit" size="sm" loading={action.busy}>
          {t.save}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
          {t.cancel}
        </Button>
      </div>
      <ActionError text={action.error} />
    </form>
  );
}

/** The AVATAR_INFO help (shell §7.2), asked for when opened. */
function Help() {
  const [open, setOpen] = useState(false);
  const info = useQuery({ ...petQueries.avatarInfo(), enabled: open });
  return (
    <details className="pet-popup__help" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t.help}</summary>
      {info.isPending && open && <Loader size="sm" inline />}
      {info.isError && <p className="pet-popup__action-error">{t.loadError}</p>}
      {info.isSuccess && <p className="pet-popup__text">{info.data.variablesStr.AVATAR_INFO?.trim() || t.noInfo}</p>}
    </details>
  );
}
