import { useMutation, useQuery } from '@tanstack/react-query';
import { CAPTION_MAX, createImage, createTgMailing, createVkMailing, MAILING_IMAGE_MAX_BYTES, MESSAGE_MAX, NICKNAME_GROUP, RECEIVER_GROUPS } from '@shared/contract/mailings';
import { useState } from 'react';
import { ruMailings } from '../../i18n/mailings';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { Button, buttonClassName, ErrorBox, Popup, Select } from '../../ui';
import { uploadFile } from '../../lib/upload-file';
import { mailingsQueries } from './api';

const t = ruMailings.form;
const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'];

/** §5 client check of the picture (the server checks its bytes again). */
export function imageProblem(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!IMAGE_EXTENSIONS.includes(extension)) return t.imageTypes;
  if (file.size > MAILING_IMAGE_MAX_BYTES) return t.imageSize;
  return null;
}

/**
 * §5: the start as the wire wants it ('YYYY-MM-DD HH:MM:00', Moscow time) from the Russian entry
 * 'ДД.ММ.ГГГГ ЧЧ:ММ'; '' when left empty (send at once), null when it is not a real date and time.
 */
export function wireStartAt(text: string): string | null {
  const value = text.trim();
  if (value === '') return '';
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})[ ,]+(\d{1,2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [day, month, year, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1 || hour > 23 || minute > 59) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}:00`;
}

/** 'Создание рассылки (bot)': message, picture, group, recipient count, nicknames, start. */
export function CreateMailingPopup({ channel, onClose }: { channel: 'MAIN' | 'TERMINS' | 'VK'; onClose: () => void }) {
  const groups = RECEIVER_GROUPS[channel] as readonly string[];
  const [message, setMessage] = useState('');
  const [group, setGroup] = useState(groups[0]!);
  const [nicknames, setNicknames] = useState('');
  const [startAt, setStartAt] = useState('');
  const [image, setImage] = useState<{ path: string; name: string } | null>(null);
  const [imageError, setImageError] = useState('');
  const nickList = group === NICKNAME_GROUP ? nicknames.split('\n').map((line) => line.trim()).filter(Boolean) : [];
  const count = useQuery(mailingsQueries.receivers(channel, group, nickList));
  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(createImage.path, {}, file),
    onSuccess: (body, file) => setImage({ path: String(body.imagePath), name: file.name }),
    onError: (error) => setImageError(error.message),
  });
  const create = useMutation({
    mutationFn: () =>
      channel === 'VK'
        ? liveRequest(createVkMailing, { message: message.trim(), receiverGroup: group as 'Всем', startAt: wireStartAt(startAt) ?? '', imageLink: '' })
        : liveRequest(createTgMailing, { message: message.trim(), receiverGroup: group, startAt: wireStartAt(startAt) ?? '', imageLink: image?.path ?? '', fromTgBot: channel, receiversTgNicknames: nickList }),
    onSuccess: onClose,
  });
  const limit = image ? CAPTION_MAX : MESSAGE_MAX;
  // §5: creation is blocked while a picture uploads.
  const startValid = wireStartAt(startAt) !== null;
  const ready = message.trim() !== '' && message.length <= limit && !upload.isPending && startValid && (group !== NICKNAME_GROUP || nickList.length > 0);

  return (
    <Popup
      open
      onClose={onClose}
      title={t.title(ruMailings.botNames[channel])}
      size="lg"
      actions={
        <Button onClick={() => create.mutate()} disabled={!ready} loading={create.isPending}>
          {t.submit}
        </Button>
      }
    >
      <div className="mailings__form">
        <div className="ui-field mailings__wide">
          <label className="ui-field__label" htmlFor="mailing-message">
            {t.message} ({message.length}/{limit})
          </label>
          <textarea id="mailing-message" className="ui-input mailings__textarea" rows={5} value={message} onChange={(event) => setMessage(event.target.value)} maxLength={MESSAGE_MAX} />
        </div>
        {channel !== 'VK' && (
          <div className="ui-field mailings__wide">
            <span className="ui-field__label" id="mailing-image-label">
              {t.image}
            </span>
            {/* The browser's own file button speaks its own language: ours is a label over a hidden input. */}
            <input
              id="mailing-image"
              className="visually-hidden"
              aria-labelledby="mailing-image-label"
              type="file"
              accept=".jpeg,.jpg,.png,.gif,image/jpeg,image/png,image/gif"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                setImageError('');
                setImage(null);
                if (!file) return;
                const problem = imageProblem(file);
                if (problem) setImageError(problem);
                else upload.mutate(file);
              }}
            />
            <span className="mailings__file">
              <label className={buttonClassName('secondary', { size: 'sm' })} htmlFor="mailing-image" data-testid="mailing-image-pick">
                {t.pickImage}
              </label>
              {!image && !upload.isPending && <span className="ui-field__hint">{t.noImage}</span>}
            </span>
            {upload.isPending && <span className="ui-field__hint">{t.imageUploading}</span>}
            {image && (
              <span className="ui-field__hint">
                {t.imageReady}: {image.name}{' '}
                <Button variant="ghost" size="sm" onClick={() => setImage(null)}>
                  {t.removeImage}
                </Button>
              </span>
            )}
            {imageError && <span className="ui-field__error">{imageError}</span>}
          </div>
        )}
        <Select label={t.group} value={group} onChange={setGroup} options={groups.map((value) => ({ value, label: value }))} />
        <div className="ui-field">
          <span className="ui-field__label">{t.count}</span>
          {count.isError ? (
            <span className="ui-field__error">
              {t.countError}{' '}
              <Button variant="ghost" size="sm" onClick={() => void count.refetch()}>
                {t.refresh}
              </Button>
            </span>
          ) : (
            <strong data-testid="mailing-count">{count.data?.count ?? '…'}</strong>
          )}
          <span className="ui-field__hint" data-testid="mailing-count-hint">
            {t.countHint[channel]}
          </span>
        </div>
        {group === NICKNAME_GROUP && (
          <div className="ui-field mailings__wide">
            <label className="ui-field__label" htmlFor="mailing-nicknames">
              {t.nicknames}
            </label>
            <textarea id="mailing-nicknames" className="ui-input mailings__textarea" rows={4} value={nicknames} onChange={(event) => setNicknames(event.target.value)} />
          </div>
        )}
        <div className="ui-field">
          <label className="ui-field__label" htmlFor="mailing-start">
            {t.startAt}
          </label>
          <input
            id="mailing-start"
            className="ui-input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t.startPlaceholder}
            value={startAt}
            onChange={(event) => setStartAt(event.target.value)}
            aria-invalid={!startValid}
            aria-describedby="mailing-start-hint"
          />
          {startValid ? (
            <span className="ui-field__hint" id="mailing-start-hint">
              {t.startHint}
            </span>
          ) : (
            <span className="ui-field__error" id="mailing-start-hint" role="alert">
              {t.startInvalid}
            </span>
          )}
        </div>
        {create.isError && <ErrorBox message={ruMailings.requestFailed(liveErrorText(create.error))} />}
      </div>
    </Popup>
  );
}
