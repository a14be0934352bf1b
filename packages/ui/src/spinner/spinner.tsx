export interface SpinnerProps {
  /** Read by screen readers while the spinner is shown. */
  label: string;
  size?: number;
}

/** Indeterminate progress indicator, announced politely to assistive technology. */
export const Spinner = ({ label, size = 24 }: SpinnerProps) => (
  <span role="status" aria-live="polite" aria-label={label} className="pg-spinner">
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle
        cx="12"
        cy="12"
        r="10"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeOpacity="0.25"
      />
      <path d="M12 2a10 10 0 0 1 10 10" fill="none" stroke="currentColor" strokeWidth="3">
        <animateTransform
          attributeName="transform"
          type="rotate"
          from="0 12 12"
          to="360 12 12"
          dur="0.8s"
          repeatCount="indefinite"
        />
      </path>
    </svg>
  </span>
);
