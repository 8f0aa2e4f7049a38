import './Spinner.css';

/** The bare spinning ring used by Loader and busy buttons; decorative, the caller names the wait. */
export function Spinner({ size = 20, className }: { size?: number; className?: string }) {
  return (
    <span
      className={className ? `ui-spinner ${className}` : 'ui-spinner'}
      style={{ width: size, height: size }}
      aria-hidden="true"
    />
  );
}
