export { Spinner, type SpinnerProps } from './spinner/spinner.tsx';
