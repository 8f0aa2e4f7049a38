import { useEffect, useRef, useState } from 'react';
import { ruPet as t } from '../../i18n/pet';
import { serverAssetUrl } from '../../lib/server-asset-url';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { Button, FloatingIcon } from '../../ui';
import { PetPopup } from './PetPopup';
import { hideForTenMinutes, readHiddenUntil } from './pet-visibility';
import { usePet } from './use-pet';
import './pet.css';

const ICON_SIZE = 64;
/**
 * The pet starts in the bottom-LEFT corner, 24 px from both edges: the AI-chat icon takes the
 * bottom-right one, so the two never cover each other before the user moves them.
 */
const EDGE_PX = 24;

/** Hidden by 'Скрыть на 10 мин' until the stored moment (also set in another tab). */
function useHidden(): [boolean, () => void] {
  const [until, setUntil] = useState(() => readHiddenUntil());
  useEffect(() => {
    if (until === 0) return;
    const timer = setTimeout(() => setUntil(readHiddenUntil()), Math.max(0, until - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [until]);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => event.key === STORAGE_KEYS.petHiddenUntil && setUntil(readHiddenUntil());
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return [until > 0, () => setUntil(hideForTenMinutes())];
}

/** The draggable pet icon on every page (shell §2.5, §4.1) and its popup. */
export default function PetOverlay() {
  const pet = usePet();
  const [open, setOpen] = useState(false);
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const [hidden, hide] = useHidden();
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menu) return;
    menuRef.current?.querySelector('button')?.focus();
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !(event.target instanceof Node && menuRef.current?.contains(event.target))) setMenu(null);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [menu]);

  // An empty mark rather than nothing: the page (and a test) can tell «hidden» from «not loaded yet».
  if (hidden) return <span hidden data-testid="pet-hidden" />;

  const image = pet.snapshot?.currentImage;
  const openMenu = () => {
    const icon = document.querySelector<HTMLElement>('.pet-overlay__icon')?.getBoundingClientRect();
    if (!icon) return;
    // Above the icon, or below it when there is no room above; kept inside the window.
    const y = icon.top > 64 ? icon.top - 52 : icon.bottom + 8;
    setMenu({ x: Math.min(Math.max(8, icon.left), window.innerWidth - 200), y });
  };

  return (
    <>
      <FloatingIcon
        label={t.iconLabel}
        storageKey={STORAGE_KEYS.petIconPosition}
        defaultOffset={{ left: EDGE_PX, bottom: EDGE_PX }}
        size={ICON_SIZE}
        onOpen={() => {
          setMenu(null);
          setOpen(true);
        }}
        onHold={openMenu}
        expanded={open}
        className="pet-overlay__icon"
      >
        <img src={serverAssetUrl(image ? `/avatars_images${image.imagePath}${image.imageName}` : '/avatars_images/cub/unborn.svg')} alt="" draggable={false} />
      </FloatingIcon>
      {menu && (
        <div ref={menuRef} className="pet-overlay__menu" role="menu" aria-label={t.hideMenuLabel} style={{ left: menu.x, top: menu.y }}>
          <Button
            variant="secondary"
            size="sm"
            role="menuitem"
            onClick={() => {
              setMenu(null);
              setOpen(false);
              hide();
            }}
          >
            {t.hide}
          </Button>
        </div>
      )}
      <PetPopup open={open} onClose={() => setOpen(false)} pet={pet} />
    </>
  );
}
