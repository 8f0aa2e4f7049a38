import { ruVideo } from '../../i18n/video';
import { Select } from '../../ui';
import type { VideoQuality } from './player-slot';

const OPTIONS = [
  { value: 'high' as const, label: ruVideo.quality.high },
  { value: 'low' as const, label: ruVideo.quality.low },
];

export function QualitySelect({ value, onChange, className }: { value: VideoQuality; onChange: (quality: VideoQuality) => void; className?: string }) {
  return <Select className={className} options={OPTIONS} value={value} onChange={onChange} aria-label={ruVideo.lesson.quality} />;
}
