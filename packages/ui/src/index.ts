export { Badge, type BadgeProps } from './badge/badge.tsx';
export { Spinner, type SpinnerProps } from './spinner/spinner.tsx';
