import type { UploadContract } from '@shared/contract/core';
import { P2_IMAGE_MAX_BYTES } from '@shared/contract/question-bank-p2';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { ruQuestionBankP2 } from '../../i18n/question-bank-p2';
import { uploadFiles } from '../../lib/upload';
import { Button, ProgressBar } from '../../ui';
import { useEditorImage } from './use-editor-image';

const t = ruQuestionBankP2.dialog;
const TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * One picture of a part 2 question: preview, upload with progress (png, jpeg or webp ≤ 10 MB; the
 * server checks the content again). The upload replaces the stored picture at once.
 */
export function ImageUploadField({
  label,
  questionId,
  contract,
  image,
  onChanged,
}: {
  label: string;
  questionId: number;
  contract: UploadContract;
  image: string;
  onChanged: (address: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const src = useEditorImage(image);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (file.type !== '' && !TYPES.includes(file.type)) return setError(t.imageType);
    if (file.size > P2_IMAGE_MAX_BYTES) return setError(t.imageSize);
    setPercent(0);
    try {
      const answer = await uploadFiles(contract.path, { questionId }, [{ field: 'file', file }], setPercent);
      onChanged(String(answer.image ?? ''));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPercent(null);
    }
  };

  return (
    <fieldset className="qedit__group p2edit__image-field">
      <legend>{label}</legend>
      {image ? src ? <img className="qedit__image" src={src} alt={label} /> : <div className="p2edit__image-slot" aria-hidden="true" /> : <p className="muted small">{t.imageNone}</p>}
      <div className="qedit__mix-buttons">
        <input ref={input} id={inputId} type="file" accept={TYPES.join(',')} className="qedit__file" aria-label={label} onChange={(event) => void onFile(event)} />
        <Button variant="secondary" size="sm" loading={percent !== null} disabled={percent !== null} onClick={() => input.current?.click()}>
          {image ? t.imageReplace : t.imageUpload}
        </Button>
      </div>
      {percent !== null && <ProgressBar value={percent} label={`${percent}%`} />}
      <p className="ui-field__hint">{t.imageHint}</p>
      {error && (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
