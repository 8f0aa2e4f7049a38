import { type ReactNode, useId } from 'react';
import type { Pace } from '@shared/domain/pace';
import { bandColor, bandTextColor, paceColor, paceTextColor, percentBand, progressBand, signedBand } from './bands';
import { cx } from './class-names';
import './ProgressBar.css';

export interface ProgressBarProps {
  /** 0..100, or −100..100 when `signed`. Out-of-range values are clamped for drawing. */
  value: number;
  label?: ReactNode;
  /** Values that can be negative (mood): mood bands, and the bar grows from the middle. */
  signed?: boolean;
  /** Percent-result colours (red below 50, orange below 80, green) instead of the progress bands. */
  percent?: boolean;
  /**
   * Colour by a pace state (progress against what was due by now) instead of by the value: a
   * low value that is not due yet stays neutral («впереди»), never red. Show the state's word
   * next to the bar (PaceBadge): colour alone does not tell it.
   */
  pace?: Pace;
  /** Text instead of the number, e.g. '7 из 10'. */
  valueText?: string;
  showValue?: boolean;
  size?: 'sm' | 'md';
  /** Accessible name when there is no visible label. */
  'aria-label'?: string;
  className?: string;
}

const MINUS = '\u2212';

function defaultText(value: number, signed: boolean | undefined): string {
  const rounded = Math.round(value);
  if (!signed) return `${rounded}%`;
  return rounded > 0 ? `+${rounded}` : rounded < 0 ? `${MINUS}${-rounded}` : '0';
}

/** A bar coloured by the spec's bands (bands.ts). */
export function ProgressBar({
  value,
  label,
  signed,
  percent,
  pace,
  valueText,
  showValue = true,
  size = 'md',
  'aria-label': ariaLabel,
  className,
}: ProgressBarProps) {
  const labelId = useId();
  const min = signed ? -100 : 0;
  const safe = Number.isFinite(value) ? value : min;
  const clamped = Math.min(100, Math.max(min, safe));
  const band = signed ? signedBand(safe) : percent ? percentBand(safe) : progressBand(safe);
  const text = valueText ?? defaultText(safe, signed);
  const fillColor = pace ? paceColor(pace) : bandColor(band);
  const textColor = pace ? paceTextColor(pace) : bandTextColor(band);
  // Signed bars grow from the centre: right for positive values, left for negative ones.
  const fill = signed
    ? { left: `${50 + Math.min(clamped, 0) / 2}%`, width: `${Math.abs(clamped) / 2}%` }
    : { left: '0%', width: `${clamped}%` };

  return (
    <div className={cx('ui-progress', `ui-progress--${size}`, signed && 'ui-progress--signed', className)}>
      {(label !== undefined || showValue) && (
        <div className="ui-progress__head">
          {label !== undefined && (
            <span id={labelId} className="ui-progress__label">
              {label}
            </span>
          )}
          {showValue && (
            <span className="ui-progress__value" style={{ color: textColor }} aria-hidden="true">
              {text}
            </span>
          )}
        </div>
      )}
      <div
        className="ui-progress__track"
        role="progressbar"
        aria-valuemin={min}
        aria-valuemax={100}
        aria-valuenow={Math.round(clamped)}
        aria-valuetext={text}
        aria-labelledby={label !== undefined ? labelId : undefined}
        aria-label={label === undefined ? ariaLabel : undefined}
      >
        <div className={cx('ui-progress__fill', pace === 'ahead' && 'ui-progress__fill--ahead')} data-band={band} data-pace={pace} style={{ ...fill, background: fillColor }} />
      </div>
    </div>
  );
}
