import { ruVideoLesson } from '../../i18n/video';
import { Select } from '../Select';
import type { VideoQuality } from './player-slot';

const OPTIONS = [
  { value: 'high' as const, label: ruVideoLesson.quality.high },
  { value: 'low' as const, label: ruVideoLesson.quality.low },
];

export function QualitySelect({ value, onChange, className }: { value: VideoQuality; onChange: (quality: VideoQuality) => void; className?: string }) {
  return <Select className={className} options={OPTIONS} value={value} onChange={onChange} aria-label={ruVideoLesson.lesson.quality} />;
}
